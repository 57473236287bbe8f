import { useState } from 'react';
import type { AnalyticsInsight } from '../../../../functions/contracts/assistant';
import { useTransactionEvents } from '../../api/useTransactionEvents';
import { Badge } from '../../components/Badge';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { useAnalytics } from './api';
import { ChatPanel } from './ChatPanel';
import './analytics.css';

const INSIGHT_TONES = { pattern: 'info', anomaly: 'warning', optimization: 'success' } as const;
const INSIGHT_LABELS = { pattern: 'Pattern', anomaly: 'Anomaly', optimization: 'Optimization' } as const;
const FIGURE_LABELS: Record<string, string> = {
  income: 'Income',
  expenses: 'Expenses',
  internal: 'Internal transfers',
  saved: 'Kept',
  share: 'Transfer share',
};

function InsightCard({ insight }: { insight: AnalyticsInsight }) {
  return (
    <li className="insight">
      <div className="insight-head">
        <Badge tone={INSIGHT_TONES[insight.type]}>{INSIGHT_LABELS[insight.type]}</Badge>
        <h3>{insight.title}</h3>
      </div>
      <p>{insight.content}</p>
      <dl className="insight-figures">
        {Object.entries(insight.figures).map(([key, value]) => (
          <div key={key}>
            <dt>{FIGURE_LABELS[key] ?? key}</dt>
            <dd>{key === 'share' ? `${value}%` : <Money amount={value} decimals={0} />}</dd>
          </div>
        ))}
      </dl>
      <a className="link-target" href={insight.link}>
        See the transactions
      </a>
    </li>
  );
}

const INFO_CARDS = [
  [
    'Pattern Recognition',
    'Spots how money moves between your own accounts, so transfers are never counted as spending.',
  ],
  ['Trend Analysis', 'Follows a category or a merchant month by month, from your statements alone.'],
  ['Optimization', 'Points out where you are saving or overspending, with the figures behind it.'],
] as const;

/**
 * Analytics & Insights (spec 3 §2.5): the question box and chat ('Ask Your Financial AI'), the proactive
 * insights of the latest month with data, the three info cards and the example questions as one-click prompts.
 * Every figure comes from the family's own rows, computed by the API.
 */
export function AnalyticsPage() {
  useTransactionEvents();
  const analytics = useAnalytics();
  const [prompt, setPrompt] = useState<{ text: string; at: number } | null>(null);
  const examples = analytics.data?.examples;

  return (
    <div className="page analytics">
      <div className="page-head">
        <h1>Analytics &amp; Insights</h1>
        <p className="lede">AI-powered financial insights and conversational analysis</p>
      </div>

      <div className="analytics-grid">
        <section className="panel analytics-ask" aria-labelledby="ask-title">
          <h2 id="ask-title">Ask Your Financial AI</h2>
          {examples && (
            <div className="examples">
              {(
                [
                  ['Spending analysis', examples.spending],
                  ['Money flow', examples.money_flow],
                ] as const
              ).map(([title, list]) => (
                <div key={title} className="example-group">
                  <h3>{title}</h3>
                  <ul>
                    {list.map((q) => (
                      <li key={q}>
                        <button
                          type="button"
                          className="button example"
                          onClick={() => setPrompt({ text: q, at: Date.now() })}
                        >
                          {q}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
          <ChatPanel prompt={prompt} />
        </section>

        <section className="panel analytics-insights" aria-labelledby="insights-title">
          <h2 id="insights-title">Proactive insights</h2>
          {analytics.isError ? (
            <LoadFailed what="insights" onRetry={() => void analytics.refetch()} />
          ) : analytics.isPending ? (
            <p aria-busy="true">Loading insights…</p>
          ) : !analytics.data.period ? (
            <EmptyState title="No insights yet">
              Upload a bank statement to see insights about your money.
            </EmptyState>
          ) : (
            <>
              <p className="insights-period">Based on {analytics.data.period.label}.</p>
              {analytics.data.insights.length === 0 ? (
                <p>Nothing stands out this period: income, spending and transfers look balanced.</p>
              ) : (
                <ul className="insights">
                  {analytics.data.insights.map((i) => (
                    <InsightCard key={i.id} insight={i} />
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </div>

      <ul className="info-cards" aria-label="What the assistant does">
        {INFO_CARDS.map(([title, text]) => (
          <li key={title} className="panel info-card">
            <h2>{title}</h2>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
