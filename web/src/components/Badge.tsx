import type { ReactNode } from 'react';
import './kit.css';

/** A short label in a coloured pill (e.g. a flow type or a status). */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
