import './kit.css';

/**
 * A labelled progress bar (role progressbar with its value and a readable value text). The fill shows
 * `percent` (by default the value's place between min and max).
 */
export interface ProgressBarProps {
  /** aria-valuenow; undefined while the amount is not known yet. */
  value: number | undefined;
  min?: number;
  max?: number;
  /** How the value reads aloud, e.g. 'Step 1 of 3: Profile' or '40% uploaded (2 MB of 5 MB)'. */
  valueText: string;
  /** The bar's name: its own label, or the id of the element that names it. */
  label?: string;
  labelledBy?: string;
  /** The fill's width in percent, when it is not the value's place between min and max. */
  percent?: number;
  tone?: 'brand' | 'success';
  className?: string;
}

export function ProgressBar({
  value,
  min = 0,
  max = 100,
  valueText,
  label,
  labelledBy,
  percent,
  tone = 'brand',
  className,
}: ProgressBarProps) {
  const fill = percent ?? (value === undefined || max === min ? 0 : ((value - min) / (max - min)) * 100);
  return (
    <div
      className={['progress-bar', className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div
        className={`progress-bar-fill progress-bar-${tone}`}
        style={{ width: `${Math.min(100, Math.max(0, fill))}%` }}
      />
    </div>
  );
}
