import { type ReactNode, useState } from 'react';
import { Dialog, DialogClose } from './Dialog';

/**
 * A question to confirm before acting (role alertdialog): the title asks it, `description` says what will
 * happen, Cancel (focused first, so Enter never confirms by accident) or Escape closes, the confirm button
 * runs `onConfirm` and closes. While `onConfirm`'s promise is pending the confirm button is busy; if it
 * rejects, the dialog stays open with the error's message.
 */
export interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for an action that removes something. */
  tone?: 'primary' | 'danger';
  onConfirm(): void | Promise<void>;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  trigger,
  open: controlledOpen,
  onOpenChange,
}: ConfirmDialogProps) {
  const [localOpen, setLocalOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = controlledOpen ?? localOpen;
  const setOpen = (next: boolean) => {
    if (!next) setError(null);
    setLocalOpen(next);
    onOpenChange?.(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (e) {
      setError((e as Error).message || 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      footer={
        <>
          <DialogClose>{cancelLabel}</DialogClose>
          <button
            type="button"
            className={`button ${tone === 'danger' ? 'danger' : 'primary'}`}
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
