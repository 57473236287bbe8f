import type { PeriodOption } from '../../../../functions/contracts/insights';
import type { QuickPeriodKey } from '../../../../functions/domain/periods';

const QUALITY_LABEL = {
  complete: 'Complete data',
  partial: 'Partial data',
  insufficient: 'Insufficient data',
} as const;

/**
 * The period selector (spec 3 §2.1, §4.5): the quick periods as toggle buttons, each with its data-quality
 * dot (complete, partial, insufficient, named for screen readers), the selected period's note, and the
 * available range with its transaction count.
 */
export function PeriodSelector({
  options,
  selected,
  note,
  onSelect,
}: {
  options: readonly PeriodOption[];
  selected: PeriodOption['key'];
  note: string;
  onSelect(key: QuickPeriodKey): void;
}) {
  const current = options.find((o) => o.key === selected);
  return (
    <section className="panel period-selector" aria-labelledby="period-title">
      <h2 id="period-title">Period</h2>
      <fieldset className="period-options">
        <legend className="visually-hidden">Choose a period</legend>
        {options.map((o) => (
          <button
            key={o.key}
            type="button"
            className="period-option"
            aria-pressed={o.key === selected}
            onClick={() => o.key !== 'custom' && onSelect(o.key)}
            title={o.message ?? QUALITY_LABEL[o.quality]}
          >
            <span className={`quality-dot quality-${o.quality}`} aria-hidden="true" />
            {o.label}
            <span className="visually-hidden">, {QUALITY_LABEL[o.quality].toLowerCase()}</span>
          </button>
        ))}
      </fieldset>
      <p className="period-note">
        {current && (
          <>
            <span className={`quality-dot quality-${current.quality}`} aria-hidden="true" />{' '}
            {QUALITY_LABEL[current.quality]}
            {current.message ? `: ${current.message}` : ''}.{' '}
          </>
        )}
        {note}
      </p>
    </section>
  );
}
