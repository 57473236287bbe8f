import { useId, useMemo, useState } from 'react';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { canApplyBulk } from '../../../../functions/domain/corrections';
import { effectiveFlowType, FLOW_TYPE_LABELS } from '../../../../functions/domain/flow-types';
import { BULK_MODAL_THRESHOLD, findSimilar, groupSimilar } from '../../../../functions/domain/similarity';
import type { CorrectableFlowType } from '../../../../functions/domain/types';
import { Alert } from '../../components/Alert';
import { DateText } from '../../components/DateText';
import { Dialog, DialogClose } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Money } from '../../components/Money';
import { Tabs } from '../../components/Tabs';
import { refOf, useCorrectFlowType } from './api';
import { FlowTypeChoice } from './FlowTypeChoice';

/**
 * The Bulk Correction modal (spec 3 §2.3, spec 2 §5): tab 'Similar Transactions' lists the rows scoring 0.5 or
 * more against the chosen row (itself included, all selected), tab 'Transaction Groups' the groups of 2 or
 * more rows scoring 0.7 or more (choosing a group selects its rows). Apply is disabled while working, with no
 * type chosen or nothing selected; the rows are corrected with method user_bulk_corrected.
 */
export function BulkCorrectionModal({
  target,
  rows,
  open,
  onOpenChange,
  onDone,
}: {
  target: Transaction | null;
  rows: readonly Transaction[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onDone(message: string): void;
}) {
  const similar = useMemo(
    () =>
      target ? [target, ...findSimilar(target, rows, BULK_MODAL_THRESHOLD).map((s) => s.transaction)] : [],
    [target, rows],
  );
  const scores = useMemo(
    () =>
      new Map(
        target ? findSimilar(target, rows, BULK_MODAL_THRESHOLD).map((s) => [s.transaction.id, s.score]) : [],
      ),
    [target, rows],
  );
  const groups = useMemo(() => (open ? groupSimilar(rows) : []), [rows, open]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(similar.map((r) => r.id)));
  const [tab, setTab] = useState(target ? 'similar' : 'groups');
  const [flowType, setFlowType] = useState<CorrectableFlowType | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const correct = useCorrectFlowType();
  const reasonId = useId();
  const canApply = canApplyBulk({ working: correct.isPending, flowType, selectedCount: selected.size });

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const apply = async () => {
    if (!canApply || !flowType) return;
    setError(null);
    const chosen = rows.filter((r) => selected.has(r.id));
    try {
      const result = await correct.mutateAsync({
        mode: 'bulk',
        transactions: chosen.map(refOf),
        flow_type: flowType,
        reason: reason.trim() || null,
      });
      onDone(
        result.updated
          ? `${result.updated} ${result.updated === 1 ? 'transaction' : 'transactions'} corrected to ${FLOW_TYPE_LABELS[flowType]}.`
          : `Nothing to change: the selected transactions are already ${FLOW_TYPE_LABELS[flowType]}.`,
      );
      onOpenChange(false);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const list = (items: readonly Transaction[], label: string) => (
    <ul className="bulk-list" aria-label={label}>
      {items.map((r) => (
        <li key={r.id}>
          <label className="bulk-row">
            <input type="checkbox" checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
            <span className="bulk-row-text">
              <span className="bulk-row-description">{r.description}</span>
              <span className="bulk-row-meta">
                <DateText date={r.transaction_date} /> ·{' '}
                <Money amount={r.signed_amount ?? r.amount} tone="auto" /> ·{' '}
                {FLOW_TYPE_LABELS[effectiveFlowType(r)]}
                {scores.has(r.id) && ` · ${Math.round((scores.get(r.id) ?? 0) * 100)}% similar`}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );

  return (
    <Dialog
      title="Bulk Correction"
      description="Correct several transactions at once. What you choose is learned for later statements."
      open={open}
      onOpenChange={onOpenChange}
      footer={
        <>
          <DialogClose>Cancel</DialogClose>
          <button type="button" className="button primary" disabled={!canApply} onClick={() => void apply()}>
            {correct.isPending ? 'Applying…' : `Apply to ${selected.size} selected`}
          </button>
        </>
      }
    >
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="bulk-tabs">
        <Tabs
          label="Choose transactions"
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              id: 'similar',
              label: 'Similar Transactions',
              content: target ? (
                list(similar, 'Similar transactions')
              ) : (
                <EmptyState title="No transaction chosen">
                  Open this from a transaction’s Improve button.
                </EmptyState>
              ),
            },
            {
              id: 'groups',
              label: 'Transaction Groups',
              content:
                groups.length === 0 ? (
                  <EmptyState title="No groups of similar transactions">
                    Groups need two or more transactions that look alike.
                  </EmptyState>
                ) : (
                  <ul className="bulk-groups">
                    {groups.map((group) => (
                      <li key={group[0]!.id} className="bulk-group">
                        <div className="bulk-group-head">
                          <span>
                            {group[0]!.description} and {group.length - 1} similar
                          </span>
                          <button
                            type="button"
                            className="button"
                            onClick={() => setSelected(new Set(group.map((r) => r.id)))}
                          >
                            Select group ({group.length})
                          </button>
                        </div>
                        {list(group, `Group: ${group[0]!.description}`)}
                      </li>
                    ))}
                  </ul>
                ),
            },
          ]}
        />
      </div>
      <FlowTypeChoice value={flowType} onChange={setFlowType} legend="Correct the selected to" />
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
    </Dialog>
  );
}
