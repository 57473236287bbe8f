import type { ReactNode } from 'react';
import './kit.css';

/** One headline figure with its label (and an optional note), e.g. 'Money in' £2,340.00. */
export function StatTile({
  label,
  value,
  note,
  tone = 'neutral',
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'neutral' | 'in' | 'out' | 'transfer';
}) {
  return (
    <div className={`stat-tile stat-tile-${tone}`}>
      <p className="stat-tile-label">{label}</p>
      <p className="stat-tile-value">{value}</p>
      {note && <p className="stat-tile-note">{note}</p>}
    </div>
  );
}
