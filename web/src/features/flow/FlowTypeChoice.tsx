import { useId } from 'react';
import { FLOW_TYPE_LABELS } from '../../../../functions/domain/flow-types';
import { CORRECTABLE_FLOW_TYPES, type CorrectableFlowType } from '../../../../functions/domain/types';

/** The three types a correction may choose (spec 2 §5 Correction), as a labelled radio group. */
export function FlowTypeChoice({
  value,
  onChange,
  legend = 'Flow type',
}: {
  value: CorrectableFlowType | null;
  onChange(value: CorrectableFlowType): void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset className="flow-choice">
      <legend>{legend}</legend>
      {CORRECTABLE_FLOW_TYPES.map((type) => (
        <label key={type} className="flow-choice-option">
          <input
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
          />
          {FLOW_TYPE_LABELS[type]}
        </label>
      ))}
    </fieldset>
  );
}
