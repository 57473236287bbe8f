import type { Account } from '../../../functions/contracts/accounts';
import type { CorrectionRequest } from '../../../functions/contracts/corrections';
import type { Match } from '../../../functions/contracts/matches';
import type { Transaction } from '../../../functions/contracts/transactions';
import { planBulkCorrection, planCorrection } from '../../../functions/domain/corrections';

/**
 * The fake API's transfers and corrections routes: GET /api/transactions (the family's rows), GET /api/matches, POST /api/matches/{id}/accept|reject,
 * POST /api/transactions/corrections (planned with the real domain rules), GET /api/patterns. `seedMatches`
 * sets the proposed transfers; accepted legs become internal transfers in the shared transactions.
 */
export function transfersRoutes(state: {
  transactions: Transaction[];
  accounts: Account[];
  json(status: number, body: unknown): Response;
}) {
  const { transactions, accounts, json } = state;
  const numbers = new Map<
    string,
    { sort_code: string | null; account_number: string | null; card_last4: string | null }
  >();
  const numbersOf = (a: Account) => ({
    account_id: a.id,
    name: a.name,
    account_type: a.account_type,
    ...(numbers.get(a.id) ?? { sort_code: null, account_number: null, card_last4: null }),
  });
  const matches: Match[] = [];
  const rejected: string[] = [];
  const patterns: Array<{
    description_contains: string[];
    flow_type: string;
    confidence: number;
    pattern_type: string;
  }> = [];
  const notFound = (message: string) => json(404, { error: { code: 'not_found', message } });

  function handle(route: string, url: URL, body: unknown): Response | null {
    if (route === 'GET /api/transactions') {
      // The family's rows newest first, across the named accounts (else all) and within from..to when given;
      // the cursor is an offset here.
      const named = url.searchParams.get('accounts')?.split(',') ?? null;
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('cursor') ?? 0);
      const from = url.searchParams.get('from') ?? '0000';
      const to = url.searchParams.get('to') ?? '9999';
      const rows = transactions
        .filter((t) => !named || named.includes(t.account_id))
        .filter((t) => t.transaction_date >= from && t.transaction_date <= to)
        .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date) || a.id.localeCompare(b.id));
      const page = rows.slice(offset, offset + limit);
      return json(200, {
        transactions: page,
        next_cursor: offset + limit < rows.length ? String(offset + limit) : null,
        total: offset === 0 ? rows.length : null,
      });
    }
    if (route === 'GET /api/matches') return json(200, { matches });
    if (route === 'GET /api/account-numbers') return json(200, { accounts: accounts.map(numbersOf) });
    const setNumbers = /^PUT \/api\/accounts\/([^/]+)\/numbers$/.exec(route);
    if (setNumbers) {
      const account = accounts.find((a) => a.id === setNumbers[1]);
      if (!account) return notFound('Account not found');
      const request = body as Record<string, string | null | undefined>;
      const clean = (v: string | null | undefined) => (v ? v.replace(/[\s-]/g, '') : null);
      if (request.card_last4 && clean(request.card_last4)!.length !== 4)
        return json(400, {
          error: { code: 'validation_error', message: 'A card ending is its last 4 digits' },
        });
      const before = numbers.get(account.id) ?? { sort_code: null, account_number: null, card_last4: null };
      numbers.set(account.id, {
        sort_code: 'sort_code' in request ? clean(request.sort_code) : before.sort_code,
        account_number: 'account_number' in request ? clean(request.account_number) : before.account_number,
        card_last4: 'card_last4' in request ? clean(request.card_last4) : before.card_last4,
      });
      return json(200, { account: numbersOf(account), relabelled: 1 });
    }
    const action = /^POST \/api\/matches\/([^/]+)\/(accept|reject)$/.exec(route);
    if (action) {
      const at = matches.findIndex((m) => m.id === action[1]);
      if (at < 0) return notFound('Match not found');
      const [match] = matches.splice(at, 1);
      if (action[2] === 'reject') {
        rejected.push(match!.id);
        return json(200, { id: match!.id, transactions: [] });
      }
      const changed: Transaction[] = [];
      for (const leg of [match!.transaction1, match!.transaction2]) {
        const row = transactions.find((t) => t.id === leg.id);
        if (row && !row.user_corrected_flow_type) {
          row.user_corrected_flow_type = 'internal_transfer';
          row.classification_method = 'user_corrected';
          changed.push(row);
        }
      }
      return json(200, { id: match!.id, transactions: changed });
    }
    if (route === 'POST /api/transactions/corrections') {
      const request = body as CorrectionRequest;
      const rows = request.transactions.map((ref) => transactions.find((t) => t.id === ref.id));
      if (rows.some((r) => !r)) return notFound('Transaction not found');
      const ctx = { familyId: 'fam', userId: 'u1', reason: request.reason ?? null };
      const plan =
        (request.mode ?? 'single') === 'single'
          ? planCorrection(rows[0]!, request.flow_type, ctx)
          : planBulkCorrection(rows as Transaction[], request.flow_type, ctx);
      if (!plan) return json(200, { updated: 0, transactions: [], audits: 0, patterns_learned: 0 });
      const changed = plan.updates.map((u) => {
        const row = transactions.find((t) => t.id === u.id)!;
        row.user_corrected_flow_type = u.user_corrected_flow_type;
        row.classification_method = u.classification_method;
        return row;
      });
      for (const p of plan.patterns)
        patterns.push({ ...p.pattern_rules, pattern_type: p.pattern_type, confidence: p.confidence_score });
      return json(200, {
        updated: changed.length,
        transactions: changed,
        audits: plan.audits.length,
        patterns_learned: plan.patterns.length,
      });
    }
    const forget = /^DELETE \/api\/patterns\/p(\d+)$/.exec(route);
    if (forget) {
      const at = Number(forget[1]);
      if (!patterns[at]) return notFound('Pattern not found');
      patterns.splice(at, 1);
      return json(200, { deleted: `p${at}` });
    }
    if (route === 'GET /api/patterns')
      return json(200, {
        patterns: patterns.map((p, i) => ({
          id: `p${i}`,
          ...p,
          confirmed_by_user: true,
          created_at: '2026-03-01T00:00:00.000Z',
        })),
      });
    return null;
  }

  return {
    handle,
    controls: {
      seedMatches(list: Match[]) {
        matches.splice(0, matches.length, ...list);
      },
      rejectedMatches: rejected,
      learnedPatterns: patterns,
    },
  };
}
