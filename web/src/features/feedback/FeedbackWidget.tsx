import { lazy, Suspense, useRef, useState } from 'react';
import type { SendFeedback } from './api';
import './feedback.css';

const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/**
 * The floating feedback widget (spec 1 §2): a button fixed at the bottom right of the landing page and of the
 * app that opens the feedback form. The form (and the dialog code) loads when first opened, so the landing
 * page carries only this button.
 *
 * On a phone the landing page ends with the button instead (landing.css), so it never covers a heading.
 * The app also opens the form from its account menu (`open` / `onOpenChange`): on a phone the floating
 * button is not shown there, since it would sit over the page's content.
 */
export function FeedbackWidget({
  send,
  open: openFromOutside,
  onOpenChange: onOutsideChange,
}: {
  send: SendFeedback;
  /** Opened from elsewhere (the app's account menu); the floating button opens it too. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  const [openHere, setOpenHere] = useState(false);
  const [wantedHere, setWantedHere] = useState(false);
  const openedByButton = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const open = openHere || openFromOutside === true;
  const wanted = wantedHere || open;
  const onOpenChange = (next: boolean) => {
    setOpenHere(next);
    onOutsideChange?.(next);
    // Back to the button, after the dialog has handed focus back (it may have had none left inside it).
    // Opened from a menu, the dialog returns focus to the menu's button itself.
    if (!next && openedByButton.current) setTimeout(() => button.current?.focus(), 0);
    if (!next) openedByButton.current = false;
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="feedback-launcher"
        aria-haspopup="dialog"
        onClick={() => {
          openedByButton.current = true;
          setWantedHere(true);
          onOpenChange(true);
        }}
        onPointerEnter={() => setWantedHere(true)}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
        </svg>
        Feedback
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onOpenChange={onOpenChange} send={send} />
        </Suspense>
      )}
    </>
  );
}
