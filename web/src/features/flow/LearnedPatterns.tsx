import { useId } from 'react';
import { FLOW_TYPE_LABELS, isFlowType } from '../../../../functions/domain/flow-types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { useForgetPattern, usePatterns } from './api';

/**
 * What the family's corrections taught (spec 2 §3 patterns): each pattern's words, the flow type later
 * statements get for them and its confidence (0.8 from a single correction, 0.9 from a bulk one), and a way
 * to forget it (later statements then go by the rule table again; rows already classified keep their type).
 */
export function LearnedPatterns() {
  const patterns = usePatterns();
  const forget = useForgetPattern();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-patterns`}>
      <h2 id={`${id}-patterns`}>What your corrections taught</h2>
      {patterns.isPending ? (
        <p role="status">Loading what you taught…</p>
      ) : patterns.isError ? (
        <LoadFailed what="your learned patterns" onRetry={() => void patterns.refetch()} />
      ) : patterns.data.length === 0 ? (
        <EmptyState title="Nothing learned yet">
          Correct a transaction and later statements with the same words follow your correction.
        </EmptyState>
      ) : (
        <ul className="flow-patterns">
          {patterns.data.map((p) => {
            const words = p.description_contains.join(' + ');
            const type = isFlowType(p.flow_type) ? FLOW_TYPE_LABELS[p.flow_type] : p.flow_type;
            return (
              <li key={p.id} className="flow-pattern">
                <span>
                  <strong>{words}</strong> → {type}{' '}
                  <span className="muted">
                    ({Math.round(p.confidence * 100)}%,{' '}
                    {p.pattern_type === 'bulk_correction' ? 'bulk' : 'single'} correction)
                  </span>
                </span>
                <ConfirmDialog
                  title="Forget this pattern?"
                  description={`Later statements will no longer be classified as ${type} for ${words}. Transactions already classified keep their type.`}
                  confirmLabel="Forget"
                  tone="danger"
                  onConfirm={() => forget.mutateAsync(p.id).then(() => undefined)}
                  trigger={
                    <button type="button" className="button link" aria-label={`Forget ${words}`}>
                      Forget
                    </button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
