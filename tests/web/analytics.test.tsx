import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_MESSAGES } from '../../functions/domain/assistant/answers';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { AnalyticsPage } from '../../web/src/features/analytics/AnalyticsPage';
import { createFakeApi, type FakeApi } from './support/fake-api';

/** Analytics & Insights and the assistant chat (spec 3 §2.5, §2.6, §4.3, §5, §8) over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AnalyticsPage />
    </QueryClientProvider>,
  );

const SPEND = 'How much did we really spend this month?';
const spendAnswer = {
  content: 'You really spent £1,001.74 in March 2025, across 2 transactions.',
  source: 'template' as const,
  result: {
    intent: 'spending' as const,
    period: { start: '2025-03-01', end: '2025-03-31', label: 'March 2025' },
    figures: { expenses: 1001.74 },
    breakdown: [],
    transactions: [
      {
        id: 't1',
        account_id: 'a1',
        date: '2025-03-10',
        description: 'NATIONWIDE MORTGAGE',
        amount: -900,
        flow: 'mortgage_payment' as const,
        category: 'Uncategorized',
        merchant: 'NATIONWIDE MORTGAGE',
      },
      {
        id: 't2',
        account_id: 'a1',
        date: '2025-03-03',
        description: 'TESCO STORES',
        amount: -101.74,
        flow: 'external_expense' as const,
        category: 'Groceries',
        merchant: 'Tesco',
      },
    ],
    transaction_count: 2,
  },
};

describe('Analytics & Insights', () => {
  it('is a Dashboards page at /app/analytics', () => {
    expect(APP_PAGES.find((p) => p.path === 'analytics')).toMatchObject({
      label: 'Analytics',
      group: 'Dashboards',
    });
  });

  it('shows the title, subtitle, question box, info cards and the example questions', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics & Insights' })).toBeTruthy();
    expect(screen.getByText('AI-powered financial insights and conversational analysis')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ask Your Financial AI' })).toBeTruthy();
    for (const card of ['Pattern Recognition', 'Trend Analysis', 'Optimization'])
      expect(screen.getByRole('heading', { name: card })).toBeTruthy();
    for (const q of [SPEND, 'What was our biggest expense category?', 'Internal transfers vs expenses'])
      expect(await screen.findByRole('button', { name: q })).toBeTruthy();
  });

  it('proactive insights with their type, figures and link', async () => {
    api.assistant.setAnalytics({
      period: { start: '2025-03-01', end: '2025-03-31', label: 'March 2025' },
      totals: { income: 2602.4, expenses: 1001.74, internal: 1000, transaction_count: 9 },
      insights: [
        {
          id: 'savings',
          type: 'optimization',
          title: 'You are saving',
          content: 'You kept 62% of income.',
          actionable: true,
          figures: { income: 2602.4, expenses: 1001.74, saved: 1600.66 },
          link: '/app/flow?from=2025-03-01&to=2025-03-31',
        },
      ],
      examples: { spending: [], money_flow: [] },
    });
    renderPage();
    const insight = (await screen.findByRole('heading', { name: 'You are saving' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(insight).getByText('Optimization')).toBeTruthy();
    expect(within(insight).getByText('£1,601')).toBeTruthy();
    expect(within(insight).getByRole('link', { name: 'See the transactions' }).getAttribute('href')).toBe(
      '/app/flow?from=2025-03-01&to=2025-03-31',
    );
  });

  it('no data yet: says how to get insights', async () => {
    renderPage();
    expect(await screen.findByText('Upload a bank statement to see insights about your money.')).toBeTruthy();
  });
});

describe('the chat panel', () => {
  it('an example question is sent in one click; the answer shows its transactions, linked to the flow page', async () => {
    api.assistant.answer(SPEND, spendAnswer);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: SPEND }));
    expect(await screen.findByText(spendAnswer.content)).toBeTruthy();
    await userEvent.click(screen.getByText('The 2 transactions behind this answer'));
    expect(screen.getByText('NATIONWIDE MORTGAGE')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review these in Transaction Flow' }).getAttribute('href')).toBe(
      '/app/flow?from=2025-03-01&to=2025-03-31&ids=t1%2Ct2',
    );
    // follow-ups come in a set of 3
    const followUps = screen.getByRole('group', { name: 'Suggested questions' });
    expect(within(followUps).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByText('Online')).toBeTruthy();
  });

  it('Enter sends, Shift+Enter adds a new line; the input is disabled while sending and the loading message is replaced', async () => {
    renderPage();
    const input = await screen.findByRole('textbox', { name: 'Ask Your Financial AI' });
    await userEvent.type(input, 'first line{Shift>}{Enter}{/Shift}second');
    expect((input as HTMLTextAreaElement).value).toBe('first line\nsecond');
    api.assistant.holdAnswers();
    await userEvent.type(input, '{Enter}');
    expect(await screen.findByText('Thinking…')).toBeTruthy();
    expect((input as HTMLTextAreaElement).disabled).toBe(true);
    api.assistant.release();
    expect(await screen.findByText(ASSISTANT_MESSAGES.noHandler)).toBeTruthy();
    expect(screen.queryByText('Thinking…')).toBeNull();
    expect((input as HTMLTextAreaElement).disabled).toBe(false);
    expect(api.calls.filter((c) => c.path === '/api/assistant/messages').map((c) => c.body)).toEqual([
      { question: 'first line\nsecond' },
    ]);
  });

  it('an empty or whitespace-only message is not sent', async () => {
    renderPage();
    const input = await screen.findByRole('textbox', { name: 'Ask Your Financial AI' });
    await userEvent.type(input, '   {Enter}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.some((c) => c.path === '/api/assistant/messages')).toBe(false);
  });

  it('a failed call: the loading message becomes the chat error, and Online goes', async () => {
    api.fail('POST /api/assistant/messages', 500);
    renderPage();
    const input = await screen.findByRole('textbox', { name: 'Ask Your Financial AI' });
    await waitFor(() => expect(screen.getByText('Online')).toBeTruthy());
    await userEvent.type(input, 'How much did we spend?{Enter}');
    expect(await screen.findByText(ASSISTANT_MESSAGES.chatError)).toBeTruthy();
    expect(screen.queryByText('Online')).toBeNull();
  });

  it("shows the member's kept messages", async () => {
    api.assistant.answer(SPEND, spendAnswer);
    const first = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: SPEND }));
    await screen.findByText(spendAnswer.content);
    first.unmount();
    renderPage();
    expect(await screen.findByText(spendAnswer.content)).toBeTruthy();
    expect(api.assistant.messages).toHaveLength(2);
  });
});
