import type { ReactNode } from 'react';
import './full-screen-status.css';

/** A full-screen spinner with its message (spec 1 §2: 'Loading Family Finance...', 'Processing your login...'). */
export function FullScreenStatus({ children }: { children: ReactNode }) {
  return (
    <div className="full-screen-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
