import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { SubscriptionPanel } from '../features/subscription/SubscriptionPanel';
import type { AppPage } from './pages';
import { SidebarNav } from './SidebarNav';

/**
 * The sidebar as a drawer on phones (spec 1 §2 App shell): a Radix dialog, so focus is trapped and returned,
 * Escape and the overlay close it, and it is labelled by its title. Choosing a page closes it.
 */
export function NavDrawer({ pages }: { pages: readonly AppPage[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="icon-button menu-button" data-tour="nav-menu">
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Open menu</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer-head">
            <Dialog.Title className="drawer-title">Menu</Dialog.Title>
            <Dialog.Close className="icon-button">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close menu</span>
            </Dialog.Close>
          </div>
          <SidebarNav pages={pages} onNavigate={() => setOpen(false)} />
          <SubscriptionPanel />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
