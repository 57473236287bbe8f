import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_MESSAGES } from '../../functions/domain/members';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { MembersPage } from '../../web/src/features/members/MembersPage';
import { createFakeApi, type FakeApi } from './support/fake-api';
import { member } from './support/fake-members';

/** Family Members (spec 1 §2, §4 Members, §5 Add member, §8 member errors) with the real client over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MembersPage />
    </QueryClientProvider>,
  );
}
/** A member's entry, by the name (or e-mail) it is listed under. */
const row = (name: string) =>
  [...document.querySelectorAll('.member')].find(
    (li) => li.querySelector('.member-name')?.firstChild?.textContent === name,
  ) as HTMLElement;

describe('spec 1 §2 Family Members', () => {
  it("is /app/members, 'Family Members' in the sidebar's 'Dashboards'", () => {
    expect(APP_PAGES.find((p) => p.path === 'members')).toMatchObject({
      label: 'Family Members',
      group: 'Dashboards',
    });
  });

  it('lists each member: name, e-mail, the Admin badge, status and joined date (en-GB)', async () => {
    api.members.list.push(
      member({ id: 'u2', email: 'bob@example.com', name: 'Bob', joined_at: '2026-02-03T10:00:00.000Z' }),
      member({
        id: 'P3',
        email: 'cara@example.com',
        status: 'pending',
        invited_at: '2026-03-01T10:00:00.000Z',
      }),
    );
    renderPage();
    await screen.findByText('Ada Lovelace', { exact: false });
    const adaRow = row('Ada Lovelace');
    expect(within(adaRow).getByText('Admin')).toBeTruthy();
    expect(within(adaRow).getByText('(you)', { exact: false })).toBeTruthy();
    expect(within(adaRow).getByText('ada@example.co.uk')).toBeTruthy();
    const bob = row('Bob');
    expect(within(bob).queryByText('Admin')).toBeNull();
    expect(within(bob).getByText('Active')).toBeTruthy();
    expect(bob.textContent).toContain('Joined 3 Feb 2026');
    const cara = row('cara@example.com');
    expect(within(cara).getByText('Pending')).toBeTruthy();
    expect(cara.textContent).toContain('Invited 1 Mar 2026');
  });

  it('marks a pending invitation whose link has expired (they still join if they sign up; resend sends a new one)', async () => {
    api.members.list.push(
      member({
        id: 'P2',
        email: 'old@example.com',
        status: 'pending',
        invitation_expires_at: '2020-01-08T10:00:00.000Z',
      }),
      member({
        id: 'P3',
        email: 'new@example.com',
        status: 'pending',
        invitation_expires_at: '2999-01-08T10:00:00.000Z',
      }),
    );
    renderPage();
    await waitFor(() => expect(row('old@example.com')).toBeTruthy());
    expect(within(row('old@example.com')).getByText('Link expired')).toBeTruthy();
    expect(within(row('new@example.com')).queryByText('Link expired')).toBeNull();
  });

  it('adds a member: e-mail required (button disabled until valid), name optional and sent as null if empty', async () => {
    const user = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Add Member' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('E-mail', { exact: false }), 'not-an-email');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('E-mail', { exact: false }));
    await user.type(screen.getByLabelText('E-mail', { exact: false }), '  Dan@Example.com ');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    expect(await screen.findByText('Invitation sent to dan@example.com')).toBeTruthy();
    const sent = api.calls.find((c) => c.method === 'POST' && c.path === '/api/family/members');
    expect(sent?.body).toEqual({ email: 'dan@example.com', name: null });
    expect(await screen.findByText('dan@example.com')).toBeTruthy();
    expect((screen.getByLabelText('E-mail', { exact: false }) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message in a danger alert when adding fails", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('E-mail', { exact: false }), 'ada@example.co.uk');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`ada@example.co.uk ${MEMBER_MESSAGES.alreadyMember}`);
  });

  it('shows a load error in a danger alert, with a retry', async () => {
    api.fail('GET /api/family/members', 500);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the family's members.");
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('removes a member after confirmation', async () => {
    api.members.list.push(member({ id: 'u2', email: 'bob@example.com', name: 'Bob' }));
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(row('Bob')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from family' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Their access ends at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob was removed from the family.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/family/members/u2')).toBe(true);
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
  });

  it('revokes a pending invitation, and makes a member admin, each confirmed', async () => {
    api.members.list.push(
      member({ id: 'u2', email: 'bob@example.com', name: 'Bob' }),
      member({ id: 'P3', email: 'cara@example.com', status: 'pending' }),
    );
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(row('Bob')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Actions for cara@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke invitation' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke invitation' }),
    );
    expect(await screen.findByText('The invitation to cara@example.com was revoked.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make admin' }),
    );
    expect(await screen.findByText('Bob is now an admin.')).toBeTruthy();
    await waitFor(() => expect(within(row('Bob')).getByText('Admin')).toBeTruthy());
  });

  it("resends an invitation after confirmation, and shows the server's refusal in the dialog", async () => {
    api.members.list.push(member({ id: 'P3', email: 'cara@example.com', status: 'pending' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for cara@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('the link sent before stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation sent again to cara@example.com')).toBeTruthy();

    const tooSoon = MEMBER_MESSAGES.resendTooSoon('cara@example.com');
    api.fail('POST /api/family/members', 429, { error: { code: 'rate_limit', message: tooSoon } });
    await user.click(screen.getByRole('button', { name: 'Actions for cara@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Resend invitation' }));
    expect((await within(again).findByRole('alert')).textContent).toBe(tooSoon);
  });

  it('says who owns the family, and offers no way to make the owner a member or remove them', async () => {
    const user = userEvent.setup();
    // Bob, an admin, is looking at the list.
    api.members.list.push(
      member({ id: 'u2', email: 'bob@example.com', name: 'Bob', role: 'admin', is_you: true }),
    );
    api.members.list[0] = { ...api.members.list[0]!, is_you: false };
    renderPage();
    expect((await screen.findByText(/Ada Lovelace created this family and owns it/)).textContent).toContain(
      'the owner is always an admin, and nobody can make them a member or remove them.',
    );
    expect(screen.queryByRole('button', { name: 'Actions for Ada Lovelace' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for Bob' }));
    expect(await screen.findByRole('menuitem', { name: 'Make member' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Remove from family' })).toBeNull();
  });

  it('keeps the dialog open with the server message when a role change is refused', async () => {
    const user = userEvent.setup();
    api.members.list.push(member({ id: 'u2', email: 'bob@example.com', name: 'Bob', role: 'admin' }));
    api.fail('PATCH /api/family/members/u2', 409, {
      error: { code: 'conflict', message: MEMBER_MESSAGES.rolesChanging },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Bob' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make member' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MEMBER_MESSAGES.rolesChanging);
  });

  it('shows a plain member the list without the form or the actions', async () => {
    api.members.list[0] = { ...api.members.list[0]!, role: 'member' };
    renderPage();
    await screen.findByText('Ada Lovelace', { exact: false });
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.getByText("Only the family's admins can add or remove members.")).toBeTruthy();
  });
});
