import { useState } from 'react';
import type { AccountWithSummary } from '../../../../functions/contracts/accounts';
import { Dialog, DialogClose } from '../../components/Dialog';
import { Field, useContractForm } from '../../components/Field';
import { useRenameAccount } from './api';
import { type RenameForm, renameFormSchema } from './forms';

/** Rename an account: its nickname, checked by the PATCH contract (required, trimmed, at most 100 characters). */
export function RenameDialog({ account }: { account: AccountWithSummary }) {
  const [open, setOpen] = useState(false);
  const rename = useRenameAccount();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm<RenameForm, { name: string }>(renameFormSchema, {
    defaultValues: { name: account.name },
  });
  const formId = `rename-${account.id}`;

  const onOpenChange = (next: boolean) => {
    if (next) reset({ name: account.name });
    setOpen(next);
  };
  const submit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: account.id, name });
      setOpen(false);
    } catch (error) {
      setError('name', { message: (error as Error).message });
    }
  });

  return (
    <Dialog
      title={`Rename ${account.name}`}
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button type="button" className="button" aria-label={`Rename ${account.name}`}>
          Rename
        </button>
      }
      footer={
        <>
          <DialogClose>Cancel</DialogClose>
          <button type="submit" form={formId} className="button primary" disabled={isSubmitting}>
            Save
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Nickname" required error={errors.name?.message}>
          {(control) => <input {...control} type="text" autoComplete="off" {...register('name')} />}
        </Field>
      </form>
    </Dialog>
  );
}
