import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { SubscriptionPanel } from '../features/subscription/SubscriptionPanel';
import type { AppPage } from './pages';
import { SidebarNav } from './SidebarNav';

/**
 * The phone drawer itself (NavDrawer's menu button opens it): a Radix dialog, so focus is trapped and returned
 * to the menu button, Escape and the overlay close it, and it is labelled by its title. Choosing a page
 * closes it. Its own chunk: the app's first paint does not wait for the dialog library.
 */
export function NavDrawerDialog({
  pages,
  open,
  onOpenChange,
  contentId,
  trigger,
}: {
  pages: readonly AppPage[];
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The drawer's id (the menu button's aria-controls). */
  contentId: string;
  /** The menu button: focus goes back there when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          id={contentId}
          className="drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">Menu</Dialog.Title>
            <Dialog.Close className="icon-button">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close menu</span>
            </Dialog.Close>
          </div>
          <SidebarNav pages={pages} onNavigate={() => onOpenChange(false)} />
          <SubscriptionPanel />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
