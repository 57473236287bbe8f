import { useId, useMemo, useState } from 'react';
import type { Match, MatchLeg } from '../../../../functions/contracts/matches';
import {
  MATCH_MESSAGES,
  MATCH_SELECTION_LABELS,
  type MatchSelection,
  selectMatchIds,
} from '../../../../functions/domain/matching';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { AccountNumbersPanel } from './AccountNumbers';
import { useMatchActions, useMatches } from './api';
import './matching.css';

/**
 * Cross-Account Matching, 'Cross-Account Transfer Detection' (spec 2 §2, §4 Match, §5, §8 Matches): the
 * proposed transfers between the family's own accounts as cards with both legs, the confidence badge and
 * label, the reason, accept and reject; selection helpers and bulk accept/reject; a Debug Data toggle.
 */
export function MatchingPage() {
  const matches = useMatches();
  const { accept, reject, done } = useMatchActions();
  const [showMatches, setShowMatches] = useState(true);
  const [debug, setDebug] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<{ tone: 'success' | 'danger' | 'warning'; text: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const id = useId();
  const list = matches.data ?? [];
  const visibleSelected = useMemo(
    () => new Set([...selected].filter((s) => list.some((m) => m.id === s))),
    [selected, list],
  );

  const toggle = (matchId: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(matchId)) next.delete(matchId);
      else next.add(matchId);
      return next;
    });

  const one = async (match: Match, action: 'accept' | 'reject') => {
    setBusy(true);
    setMessage(null);
    try {
      if (action === 'accept') await accept.mutateAsync(match.id);
      else await reject.mutateAsync(match.id);
      setMessage({
        tone: 'success',
        text:
          action === 'accept'
            ? 'Match accepted: both sides are now internal transfers.'
            : 'Match rejected. It will not be proposed again.',
      });
    } catch (error) {
      const text = (error as Error).message;
      setMessage({
        tone: 'danger',
        text:
          action === 'accept' ? MATCH_MESSAGES.processFailed(text) : MATCH_MESSAGES.saveRejectionFailed(text),
      });
    } finally {
      setBusy(false);
      await done(action === 'accept');
    }
  };

  const bulk = async (action: 'accept' | 'reject') => {
    const ids = [...visibleSelected];
    if (!ids.length) return;
    setBusy(true);
    setMessage(null);
    let processed = 0;
    let failed = 0;
    try {
      for (const matchId of ids) {
        try {
          if (action === 'accept') await accept.mutateAsync(matchId);
          else await reject.mutateAsync(matchId);
          processed++;
        } catch {
          failed++;
        }
      }
      setMessage(
        failed
          ? { tone: 'warning', text: MATCH_MESSAGES.bulkPartial(processed, failed) }
          : { tone: 'success', text: `Processed ${processed} matches successfully.` },
      );
    } catch (error) {
      setMessage({ tone: 'danger', text: MATCH_MESSAGES.bulkFailed((error as Error).message) });
    } finally {
      setSelected(new Set());
      setBusy(false);
      await done(action === 'accept' && processed > 0);
    }
  };

  const select = (selection: MatchSelection) => setSelected(new Set(selectMatchIds(list, selection)));

  return (
    <div className="page matching">
      <div className="page-head">
        <h1>{MATCH_MESSAGES.title}</h1>
        <p className="lede">
          Money moving between your own accounts is neither income nor spending. Accept a match to count both
          sides as an internal transfer; reject it and it is never proposed again.
        </p>
      </div>

      <section className="panel" aria-labelledby={`${id}-matches`}>
        <div className="matching-toolbar">
          <h2 id={`${id}-matches`}>Potential transfers</h2>
          <button
            type="button"
            className="button"
            aria-expanded={showMatches}
            aria-controls={`${id}-list`}
            onClick={() => setShowMatches((v) => !v)}
          >
            {showMatches ? 'Hide' : 'Show'} Matches ({list.length})
          </button>
          <label className="matching-debug">
            <input type="checkbox" checked={debug} onChange={(e) => setDebug(e.target.checked)} /> Debug Data
          </label>
        </div>
        {message && (
          <Alert tone={message.tone}>
            <span role="status">{message.text}</span>
          </Alert>
        )}
        {matches.isPending ? (
          <p role="status">Looking for transfers between your accounts…</p>
        ) : matches.isError ? (
          <LoadFailed what="the proposed transfers" onRetry={() => void matches.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={MATCH_MESSAGES.empty}>
            Upload statements for each of your accounts: transfers between them are found as they arrive.
          </EmptyState>
        ) : (
          showMatches && (
            <div id={`${id}-list`}>
              <fieldset className="matching-select" aria-label="Select matches">
                <span>Select:</span>
                {(['high', 'low', 'excellent', 'all'] as const).map((s) => (
                  <button key={s} type="button" className="button" onClick={() => select(s)} disabled={busy}>
                    {MATCH_SELECTION_LABELS[s]}
                  </button>
                ))}
                <button
                  type="button"
                  className="button link"
                  onClick={() => setSelected(new Set())}
                  disabled={busy}
                >
                  Clear
                </button>
              </fieldset>
              <fieldset className="matching-bulk" aria-label="Selected matches">
                <span>{visibleSelected.size} selected</span>
                <button
                  type="button"
                  className="button primary"
                  disabled={busy || visibleSelected.size === 0}
                  onClick={() => void bulk('accept')}
                >
                  Accept selected
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy || visibleSelected.size === 0}
                  onClick={() => void bulk('reject')}
                >
                  Reject selected
                </button>
              </fieldset>
              <ul className="match-cards">
                {list.map((match) => (
                  <MatchCard
                    key={match.id}
                    match={match}
                    selected={visibleSelected.has(match.id)}
                    onToggle={() => toggle(match.id)}
                    onAccept={() => void one(match, 'accept')}
                    onReject={() => void one(match, 'reject')}
                    busy={busy}
                    debug={debug}
                  />
                ))}
              </ul>
            </div>
          )
        )}
      </section>
      <AccountNumbersPanel />
    </div>
  );
}

const BADGE_TONE = { success: 'success', info: 'info', warning: 'warning', danger: 'danger' } as const;

function MatchCard({
  match,
  selected,
  onToggle,
  onAccept,
  onReject,
  busy,
  debug,
}: {
  match: Match;
  selected: boolean;
  onToggle(): void;
  onAccept(): void;
  onReject(): void;
  busy: boolean;
  debug: boolean;
}) {
  const id = useId();
  const percent = Math.round(match.confidence * 100);
  return (
    <li className="match-card" aria-labelledby={`${id}-title`}>
      <div className="match-card-head">
        <label className="match-select">
          <input type="checkbox" checked={selected} onChange={onToggle} />
          <span className="visually-hidden">Select this match</span>
        </label>
        <h3 id={`${id}-title`}>
          <Money amount={Math.abs(match.transaction1.amount)} /> from{' '}
          {match.transaction1.account_name ?? 'an account'} to{' '}
          {match.transaction2.account_name ?? 'an account'}
        </h3>
        <Badge tone={BADGE_TONE[match.badge]}>
          {match.label} {percent}%
        </Badge>
      </div>
      <div className="match-legs">
        <Leg leg={match.transaction1} />
        <span className="match-arrow" aria-hidden="true">
          →
        </span>
        <Leg leg={match.transaction2} />
      </div>
      <p className="match-reason">{match.reason}</p>
      <div className="match-actions">
        <button type="button" className="button primary" onClick={onAccept} disabled={busy}>
          Accept
        </button>
        <button type="button" className="button" onClick={onReject} disabled={busy}>
          Reject
        </button>
      </div>
      {debug && <pre className="match-debug">{JSON.stringify(match, null, 2)}</pre>}
    </li>
  );
}

function Leg({ leg }: { leg: MatchLeg }) {
  return (
    <div className="match-leg">
      <p className="match-leg-account">
        {leg.account_name ?? 'Account'}
        {leg.account_type && <span className="match-leg-type"> · {leg.account_type}</span>}
      </p>
      <p className="match-leg-description">{leg.description}</p>
      <p className="match-leg-figures">
        <DateText date={leg.transaction_date} /> ·{' '}
        <Money amount={leg.signed_amount ?? leg.amount} tone="auto" />
      </p>
    </div>
  );
}
