import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { AppPage } from './pages';

const loadDialog = () => import('./NavDrawerDialog');
const NavDrawerDialog = lazy(() => loadDialog().then((m) => ({ default: m.NavDrawerDialog })));

/**
 * The sidebar as a drawer on phones (spec 1 §2 App shell): the menu button, and the drawer it opens
 * (NavDrawerDialog: a Radix dialog, so focus is trapped and returned here, Escape and the overlay close it,
 * and it is labelled by its title; choosing a page closes it). The drawer's code loads when the button is
 * first pointed at, focused or pressed, so the app's first paint does not wait for it.
 */
export function NavDrawer({ pages }: { pages: readonly AppPage[] }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it animates and returns focus as a dialog's should.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button menu-button"
        data-tour="nav-menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">Open menu</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <NavDrawerDialog
            pages={pages}
            open={open}
            onOpenChange={setOpen}
            contentId={contentId}
            trigger={button}
          />
        </Suspense>
      )}
    </>
  );
}
