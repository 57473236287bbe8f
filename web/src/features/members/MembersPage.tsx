import { useId, useState } from 'react';
import type { Member } from '../../../../functions/contracts/members';
import { addMemberRequestSchema } from '../../../../functions/contracts/members';
import { isValidEmail } from '../../../../functions/domain/validation';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateText } from '../../components/DateText';
import { Field, useContractForm } from '../../components/Field';
import { Menu, type MenuItem } from '../../components/Menu';
import { useAddMember, useMembers, useRemoveMember, useSetMemberRole } from './api';
import './members.css';

/**
 * Family Members (spec 1 §2 Family Members screen, §4 Members, §8 member errors): everyone in the family with
 * their name, e-mail, role (an 'Admin' badge), status (active, or pending until that address signs up) and
 * when they joined; the Add Member form for admins (e-mail required, name optional); and, beyond the spec,
 * an admin's actions on each member, each confirmed: make admin or member, remove, resend or revoke an
 * invitation. Errors show in a danger alert with the server's message.
 */
type Action =
  | { kind: 'remove'; member: Member }
  | { kind: 'revoke'; member: Member }
  | { kind: 'resend'; member: Member }
  | { kind: 'role'; member: Member; role: 'admin' | 'member' };

const label = (m: Member) => m.name ?? m.email;
/** A pending member whose link no longer works (they still join if they sign up; a resend sends a new link). */
const invitationExpired = (m: Member) =>
  m.status === 'pending' &&
  m.invitation_expires_at !== null &&
  Date.parse(m.invitation_expires_at) <= Date.now();

export function MembersPage() {
  const id = useId();
  const members = useMembers();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const me = members.data?.find((m) => m.is_you);
  const isAdmin = me?.role === 'admin';
  const owner = members.data?.find((m) => m.is_owner);

  return (
    <div className="page members-page">
      <div className="page-head">
        <h1>Family Members</h1>
        <p className="lede">Everyone who sees this family's accounts, and the people invited to join.</p>
      </div>

      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <section className="panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Members</h2>
        {members.isPending ? (
          <p role="status">Loading the family's members…</p>
        ) : members.isError ? (
          <Alert tone="danger" title="We couldn't load the family's members.">
            <p>{members.error.message}</p>
            <button type="button" className="button" onClick={() => void members.refetch()}>
              Try again
            </button>
          </Alert>
        ) : (
          <MemberList members={members.data} canManage={isAdmin} onNotice={setNotice} />
        )}
        {owner && (
          <p className="members-note">
            {owner.is_you
              ? 'You created this family and own it'
              : `${label(owner)} created this family and owns it`}
            : the owner is always an admin, and nobody can make them a member or remove them.
          </p>
        )}
      </section>

      {members.isSuccess &&
        (isAdmin ? (
          <AddMemberForm onNotice={setNotice} />
        ) : (
          <p className="members-note">Only the family's admins can add or remove members.</p>
        ))}
    </div>
  );
}

function MemberList({
  members,
  canManage,
  onNotice,
}: {
  members: Member[];
  canManage: boolean;
  onNotice(notice: { tone: 'success' | 'danger'; text: string } | null): void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const remove = useRemoveMember();
  const setRole = useSetMemberRole();
  const add = useAddMember();

  const itemsFor = (member: Member): MenuItem[] => {
    if (member.status === 'pending')
      return [
        { label: 'Resend invitation', onSelect: () => setAction({ kind: 'resend', member }) },
        { label: 'Revoke invitation', tone: 'danger', onSelect: () => setAction({ kind: 'revoke', member }) },
      ];
    const items: MenuItem[] = [];
    // The owner is always an admin (the server refuses to make them a member or remove them).
    if (member.role !== 'admin')
      items.push({ label: 'Make admin', onSelect: () => setAction({ kind: 'role', member, role: 'admin' }) });
    else if (!member.is_owner)
      items.push({
        label: 'Make member',
        onSelect: () => setAction({ kind: 'role', member, role: 'member' }),
      });
    if (!member.is_owner && !member.is_you)
      items.push({
        label: 'Remove from family',
        tone: 'danger',
        onSelect: () => setAction({ kind: 'remove', member }),
      });
    return items;
  };

  const run = async () => {
    if (!action) return;
    onNotice(null);
    const who = label(action.member);
    if (action.kind === 'remove') {
      await remove.mutateAsync(action.member.id);
      onNotice({ tone: 'success', text: `${who} was removed from the family.` });
    } else if (action.kind === 'revoke') {
      await remove.mutateAsync(action.member.id);
      onNotice({ tone: 'success', text: `The invitation to ${action.member.email} was revoked.` });
    } else if (action.kind === 'resend') {
      const result = await add.mutateAsync({ email: action.member.email, name: action.member.name });
      onNotice({ tone: result.success ? 'success' : 'danger', text: result.message });
    } else {
      await setRole.mutateAsync({ id: action.member.id, role: action.role });
      onNotice({
        tone: 'success',
        text: action.role === 'admin' ? `${who} is now an admin.` : `${who} is now a member.`,
      });
    }
  };

  return (
    <>
      <ul className="member-list">
        {members.map((member) => (
          <li key={member.id} className="member">
            <div className="member-main">
              <p className="member-name">
                {label(member)}
                {member.is_you && <span className="member-you"> (you)</span>}
              </p>
              {member.name && <p className="member-email">{member.email}</p>}
              <p className="member-badges">
                {member.role === 'admin' && <Badge tone="info">Admin</Badge>}
                <Badge tone={member.status === 'active' ? 'success' : 'warning'}>
                  {member.status === 'active' ? 'Active' : 'Pending'}
                </Badge>
                {invitationExpired(member) && <Badge tone="danger">Link expired</Badge>}
              </p>
            </div>
            <p className="member-date">
              {member.joined_at ? (
                <>
                  Joined <DateText date={member.joined_at} />
                </>
              ) : member.invited_at ? (
                <>
                  Invited <DateText date={member.invited_at} />
                </>
              ) : null}
            </p>
            {canManage && itemsFor(member).length > 0 && (
              <div className="member-actions">
                <Menu label="Actions" buttonLabel={`Actions for ${label(member)}`} items={itemsFor(member)} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {action && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setAction(null);
          }}
          {...confirmation(action)}
          onConfirm={run}
        />
      )}
    </>
  );
}

function confirmation(action: Action) {
  const who = label(action.member);
  switch (action.kind) {
    case 'remove':
      return {
        title: `Remove ${who}?`,
        description: `${who} will no longer see this family's accounts, transactions or insights. Their access ends at once. You can invite them again later.`,
        confirmLabel: 'Remove',
        tone: 'danger' as const,
      };
    case 'revoke':
      return {
        title: `Revoke the invitation to ${action.member.email}?`,
        description: 'The link in the invitation e-mail will stop working.',
        confirmLabel: 'Revoke invitation',
        tone: 'danger' as const,
      };
    case 'resend':
      return {
        title: `Send the invitation to ${action.member.email} again?`,
        description: 'A new link is e-mailed, valid for 7 days; the link sent before stops working.',
        confirmLabel: 'Resend invitation',
        tone: 'primary' as const,
      };
    case 'role':
      return action.role === 'admin'
        ? {
            title: `Make ${who} an admin?`,
            description: `${who} will be able to add and remove members and manage the subscription.`,
            confirmLabel: 'Make admin',
            tone: 'primary' as const,
          }
        : {
            title: `Make ${who} a member?`,
            description: `${who} will no longer be able to add or remove members or manage the subscription. A family always keeps at least one admin.`,
            confirmLabel: 'Make member',
            tone: 'primary' as const,
          };
  }
}

function AddMemberForm({
  onNotice,
}: {
  onNotice(notice: { tone: 'success' | 'danger'; text: string } | null): void;
}) {
  const id = useId();
  const add = useAddMember();
  const form = useContractForm(addMemberRequestSchema, { defaultValues: { email: '', name: '' } });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const email = watch('email') ?? '';

  const submit = handleSubmit(async (values) => {
    onNotice(null);
    try {
      const result = await add.mutateAsync({ email: values.email, name: values.name?.trim() || null });
      if (!result.success) {
        onNotice({ tone: 'danger', text: result.message });
        return;
      }
      onNotice({ tone: 'success', text: result.message });
      reset({ email: '', name: '' });
    } catch (error) {
      onNotice({ tone: 'danger', text: (error as Error).message });
    }
  });

  return (
    <form
      className="panel add-member-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Add Member</h2>
      <p className="lede">
        We'll e-mail them an invitation link (valid for 7 days). They join when they accept it or first sign
        in with that address.
      </p>
      <div className="add-member-fields">
        <Field label="E-mail" required error={errors.email?.message}>
          {(control) => (
            <input {...control} type="email" autoComplete="off" inputMode="email" {...register('email')} />
          )}
        </Field>
        <Field label="Name (optional)">
          {(control) => <input {...control} type="text" autoComplete="off" {...register('name')} />}
        </Field>
      </div>
      <button
        type="submit"
        className="button primary"
        disabled={!isValidEmail(email) || isSubmitting}
        aria-busy={isSubmitting || undefined}
      >
        Add Member
      </button>
    </form>
  );
}
