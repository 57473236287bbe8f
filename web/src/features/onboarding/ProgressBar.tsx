import { ProgressBar as Bar } from '../../components/ProgressBar';

/** The wizard's progress (spec 1 §2: 3 steps): the kit's progress bar and the steps' names. */
const STEPS = ['Profile', 'Accounts', 'Complete'] as const;

export function ProgressBar({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div className="progress">
      <Bar
        label="Onboarding progress"
        min={1}
        max={STEPS.length}
        value={step}
        valueText={`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}`}
        percent={Math.round((step / STEPS.length) * 100)}
      />
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
