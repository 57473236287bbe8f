import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_MESSAGES,
  canSendChatMessage,
  proactiveInsights,
} from '../../../functions/domain/insights';

const ids = (totals: { income: number; expenses: number; internal: number }) =>
  proactiveInsights(totals).map((i) => i.id);

describe('spec 3 §7 proactive insights fire when...', () => {
  it.each([
    // expenses > 110% of income
    [{ income: 1000, expenses: 1100, internal: 0 }, false],
    [{ income: 1000, expenses: 1100.01, internal: 0 }, true],
    [{ income: 0, expenses: 1, internal: 0 }, true],
  ])('overspending %o → %s', (totals, fires) => {
    expect(ids(totals).includes('overspending')).toBe(fires);
  });

  it.each([
    // internal > 2 × expenses
    [{ income: 0, expenses: 100, internal: 200 }, false],
    [{ income: 0, expenses: 100, internal: 200.01 }, true],
  ])('internal-heavy %o → %s', (totals, fires) => {
    expect(ids(totals).includes('internal-heavy')).toBe(fires);
  });

  it.each([
    // savings (income − expenses) > 10% of income
    [{ income: 1000, expenses: 900, internal: 0 }, false],
    [{ income: 1000, expenses: 899.99, internal: 0 }, true],
    [{ income: 0, expenses: 0, internal: 0 }, false],
  ])('savings %o → %s', (totals, fires) => {
    expect(ids(totals).includes('savings')).toBe(fires);
  });

  it.each([
    // internal / (income + expenses + internal) > 60%
    [{ income: 100, expenses: 100, internal: 300 }, false],
    [{ income: 100, expenses: 100, internal: 301 }, true],
    [{ income: 0, expenses: 0, internal: 0 }, false],
  ])('transfer share %o → %s', (totals, fires) => {
    expect(ids(totals).includes('transfer-share')).toBe(fires);
  });

  it('insights carry type, title, content and actionable', () => {
    const [overspend] = proactiveInsights({ income: 1000, expenses: 2000, internal: 0 });
    expect(overspend).toMatchObject({ id: 'overspending', type: 'anomaly', actionable: true });
    expect(overspend!.content).toContain('200%');
    expect(proactiveInsights({ income: -1000, expenses: -500, internal: 0 }).map((i) => i.type)).toEqual([
      'optimization',
    ]);
  });
});

describe('spec 3 §5, §8 assistant', () => {
  it.each([
    ['How much did we spend?', true],
    ['   ', false],
    ['', false],
    [null, false],
  ])('%s can be sent: %s', (text, ok) => {
    expect(canSendChatMessage(text)).toBe(ok);
  });
  it('messages', () => {
    expect(ASSISTANT_MESSAGES.chatError).toBe(
      'Sorry, I encountered an error analyzing your request. Please try again.',
    );
    expect(ASSISTANT_MESSAGES.noSession).toBe(
      "Please make sure you're logged in and have uploaded financial data to use the AI assistant.",
    );
  });
});
