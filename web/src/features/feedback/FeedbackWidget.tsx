import { lazy, Suspense, useRef, useState } from 'react';
import type { SendFeedback } from './api';
import './feedback.css';

const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

/**
 * The floating feedback widget (spec 1 §2): a button fixed at the bottom right of the landing page and of the
 * app that opens the feedback form. The form (and the dialog code) loads when first opened, so the landing
 * page carries only this button.
 */
export function FeedbackWidget({ send }: { send: SendFeedback }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Back to the button, after the dialog has handed focus back (it may have had none left inside it).
    if (!next) setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="feedback-launcher"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => setWanted(true)}
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
