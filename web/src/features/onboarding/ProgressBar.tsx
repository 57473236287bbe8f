/** The wizard's progress bar (spec 1 §2: 3 steps). */
const STEPS = ['Profile', 'Accounts', 'Complete'] as const;

export function ProgressBar({ step }: { step: 1 | 2 | 3 }) {
  const percent = Math.round((step / STEPS.length) * 100);
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <ol className="progress-steps">
        {STEPS.map((name, i) => (
          <li key={name} aria-current={i + 1 === step ? 'step' : undefined}>
            {name}
          </li>
        ))}
      </ol>
    </div>
  );
}
