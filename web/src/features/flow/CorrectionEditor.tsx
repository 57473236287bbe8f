import { useId, useMemo, useState } from 'react';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { canSaveCorrection } from '../../../../functions/domain/corrections';
import { effectiveFlowType, FLOW_TYPE_LABELS } from '../../../../functions/domain/flow-types';
import { findSimilar, smartSuggestion } from '../../../../functions/domain/similarity';
import type { CorrectableFlowType } from '../../../../functions/domain/types';
import { Alert } from '../../components/Alert';
import { Dialog, DialogClose } from '../../components/Dialog';
import { Money } from '../../components/Money';
import { refOf, useCorrectFlowType } from './api';
import { FlowTypeChoice } from './FlowTypeChoice';

/**
 * The correction editor (spec 3 §4.1, spec 2 §5 Correction), opened from a row's flow badge: the three types,
 * an optional reason, Save only when a type is chosen and differs from the current one; the smart suggestion
 * from similar corrected rows (0.7+, confidence = share) and the similar rows (0.3+), with a way to correct
 * them together (the Bulk Correction modal).
 */
export function CorrectionEditor({
  row,
  rows,
  open,
  onOpenChange,
  onBulk,
}: {
  row: Transaction;
  rows: readonly Transaction[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onBulk(): void;
}) {
  const current = effectiveFlowType(row);
  const [chosen, setChosen] = useState<CorrectableFlowType | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const correct = useCorrectFlowType();
  const reasonId = useId();
  const suggestion = useMemo(() => smartSuggestion(row, rows), [row, rows]);
  const similar = useMemo(() => findSimilar(row, rows), [row, rows]);
  const canSave = canSaveCorrection(current, chosen) && !correct.isPending;

  const save = async () => {
    if (!chosen || !canSave) return;
    setError(null);
    try {
      await correct.mutateAsync({
        mode: 'single',
        transactions: [refOf(row)],
        flow_type: chosen,
        reason: reason.trim() || null,
      });
      onOpenChange(false);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Dialog
      title="Correct the flow type"
      description={
        <>
          {row.description} · <Money amount={row.signed_amount ?? row.amount} tone="auto" /> · now{' '}
          {FLOW_TYPE_LABELS[current]}
        </>
      }
      open={open}
      onOpenChange={onOpenChange}
      footer={
        <>
          <DialogClose>Cancel</DialogClose>
          <button type="button" className="button primary" disabled={!canSave} onClick={() => void save()}>
            {correct.isPending ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      {error && <Alert tone="danger">{error}</Alert>}
      {suggestion && (
        <p className="flow-suggestion">
          Suggested: <strong>{FLOW_TYPE_LABELS[suggestion.flow_type]}</strong> (
          {Math.round(suggestion.confidence * 100)}% of {suggestion.basedOn} similar corrected{' '}
          {suggestion.basedOn === 1 ? 'transaction' : 'transactions'}){' '}
          <button type="button" className="button link" onClick={() => setChosen(suggestion.flow_type)}>
            Use it
          </button>
        </p>
      )}
      <FlowTypeChoice value={chosen} onChange={setChosen} />
      <div className="kit-field">
        <label htmlFor={reasonId}>Reason (optional)</label>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {similar.length > 0 && (
        <p className="flow-similar-note">
          {similar.length} similar {similar.length === 1 ? 'transaction' : 'transactions'}.{' '}
          <button
            type="button"
            className="button link"
            onClick={() => {
              onOpenChange(false);
              onBulk();
            }}
          >
            Correct similar transactions together
          </button>
        </p>
      )}
    </Dialog>
  );
}
