/**
 * Proactive insights (spec 3 §3 insight, §7 "Proactive insights fire when").
 */

export interface Insight {
  id: string;
  type: 'pattern' | 'anomaly' | 'optimization';
  title: string;
  content: string;
  actionable: boolean;
}

export interface InsightTotals {
  income: number;
  expenses: number;
  internal: number;
}

export const OVERSPEND_RATIO = 1.1;
export const INTERNAL_TO_EXPENSE_RATIO = 2;
export const SAVINGS_RATE = 0.1;
export const TRANSFER_SHARE = 0.6;

const pct = (n: number) => `${Math.round(n * 100)}%`;

/**
 * Insights that fire (spec 3 §7), all strict comparisons:
 * - expenses exceed 110% of income (anomaly);
 * - internal transfers exceed twice the expenses (pattern);
 * - savings (income − expenses) exceed 10% of income (optimization);
 * - the transfer share, internal / (income + expenses + internal), exceeds 60% (pattern).
 */
export function proactiveInsights(totals: InsightTotals): Insight[] {
  const income = Math.abs(totals.income);
  const expenses = Math.abs(totals.expenses);
  const internal = Math.abs(totals.internal);
  const out: Insight[] = [];
  if (expenses > income * OVERSPEND_RATIO) {
    out.push({
      id: 'overspending',
      type: 'anomaly',
      title: 'Spending is ahead of income',
      content: `Real spending is ${income > 0 ? pct(expenses / income) : 'more than 100%'} of income this period. Look at the largest categories first.`,
      actionable: true,
    });
  }
  if (internal > expenses * INTERNAL_TO_EXPENSE_RATIO) {
    out.push({
      id: 'internal-heavy',
      type: 'pattern',
      title: 'Most money movement is between your own accounts',
      content: 'Internal transfers are more than twice your real spending; they are not counted as spending.',
      actionable: false,
    });
  }
  const savings = income - expenses;
  if (income > 0 && savings > income * SAVINGS_RATE) {
    out.push({
      id: 'savings',
      type: 'optimization',
      title: 'You are saving',
      content: `You kept ${pct(savings / income)} of income. Consider moving the surplus into savings or an ISA.`,
      actionable: true,
    });
  }
  const all = income + expenses + internal;
  if (all > 0 && internal / all > TRANSFER_SHARE) {
    out.push({
      id: 'transfer-share',
      type: 'pattern',
      title: 'Transfers dominate your activity',
      content: `${pct(internal / all)} of the money moved was between family accounts.`,
      actionable: false,
    });
  }
  return out;
}

/** Messages of the assistant (spec 3 §7, §8). */
export const ASSISTANT_MESSAGES = {
  noSession: "Please make sure you're logged in and have uploaded financial data to use the AI assistant.",
  chatError: 'Sorry, I encountered an error analyzing your request. Please try again.',
  noHandler: "I'm still learning how to analyze your data. This feature is coming soon!",
  processingError:
    'I encountered an error processing your question. Please try again or rephrase your query.',
  engineCouldNot: "I couldn't process your query. Please try again or be more specific.",
  engineTrouble:
    "I'm having trouble processing your request right now. Please try again or rephrase your question.",
} as const;

/** A chat message is sent only when it is not empty or whitespace (spec 3 §5). */
export function canSendChatMessage(text: string | null | undefined): boolean {
  return (text ?? '').trim() !== '';
}
