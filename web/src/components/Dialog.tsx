import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './kit.css';

/**
 * A modal dialog on Radix Dialog: labelled by its title (and described by `description`), focus moves in and
 * stays inside while it is open, Escape or the close button closes it, and focus returns to what opened it.
 * Open it with `trigger` (an element, e.g. a button) or control it with `open` / `onOpenChange`.
 */
export interface DialogProps {
  title: string;
  description?: ReactNode;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  children?: ReactNode;
  /** Buttons at the foot of the dialog. */
  footer?: ReactNode;
  /** 'alertdialog' for a question that must be answered (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** 'wide' for content to look at closely (a statement's page): nearly the width of the screen. */
  size?: 'normal' | 'wide';
}

export function Dialog({
  title,
  description,
  trigger,
  open,
  onOpenChange,
  children,
  footer,
  role,
  size = 'normal',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={size === 'wide' ? 'dialog dialog-wide' : 'dialog'}
          role={role ?? 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-head">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button dialog-close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>
          )}
          {children && <div className="dialog-body">{children}</div>}
          {footer && <div className="dialog-footer">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button that closes the dialog it is in (e.g. 'Cancel'). */
export function DialogClose({ children, className = 'button' }: { children: ReactNode; className?: string }) {
  return (
    <RadixDialog.Close type="button" className={className}>
      {children}
    </RadixDialog.Close>
  );
}
