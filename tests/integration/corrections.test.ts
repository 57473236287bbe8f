import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudits } from '../../functions/adapters/dynamodb/audit-repository';
import type { CorrectionResponse, PatternList } from '../../functions/contracts/corrections';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { Transaction } from '../../functions/contracts/transactions';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Corrections through the API as the screens send them (spec 2 §4, §5 Correction, §7 writes; spec 3 §4.1):
 * statements go through the real pipeline on the twin, the family corrects rows, and what it taught is applied
 * to the next statement before the rule table.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let adaFamily: string;
let eve: ApiCaller;
let current: string;

type ErrorBody = { error: { code: string; message: string } };
const ref = (t: Transaction) => ({
  id: t.id,
  account_id: t.account_id,
  transaction_date: t.transaction_date,
});

async function upload(accountId: string, rows: OrderedRow[], name = 'statement.pdf') {
  const { pdf } = await generateAccountStatement({ rows });
  const done = await uploadStatement(ada, accountId, name, pdf);
  expect(done.stage, JSON.stringify(done)).toBe('done');
  return transactionsOf(ada, accountId);
}
const byDescription = (rows: Transaction[], text: string) => {
  const row = rows.find((r) => r.description === text);
  if (!row) throw new Error(`no row ${text} in ${rows.map((r) => r.description).join(', ')}`);
  return row;
};

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  adaFamily = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body
    .family_id;
  await eve.call('POST', '/api/family');
  current = await createAccount(ada, 'Joint current', 'current');
});
afterAll(async () => {
  await twin?.stop();
});

describe('single correction', () => {
  it('stores the correction (user_corrected), an audit row and a 0.8 pattern; the next upload of the merchant follows it', async () => {
    // An ISA contribution printed as the platform's name: the rule table sees an unknown debit (expense 0.60).
    const rows = await upload(current, [
      { date: '2026-01-05', description: 'HARGREAVES LANSDOWN 0125', signedAmount: -200 },
      { date: '2026-01-06', description: 'TESCO STORES 2345', signedAmount: -31.2 },
    ]);
    const isa = byDescription(rows, 'HARGREAVES LANSDOWN 0125');
    expect(isa).toMatchObject({ flow_type: 'external_expense', classification_confidence: 0.6 });

    const { status, body } = await ada.call<CorrectionResponse>('POST', '/api/transactions/corrections', {
      mode: 'single',
      transactions: [ref(isa)],
      flow_type: 'internal_transfer',
      reason: 'Our stocks and shares ISA',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ updated: 1, audits: 1, patterns_learned: 1 });
    expect(body.transactions[0]).toMatchObject({
      id: isa.id,
      flow_type: 'external_expense',
      user_corrected_flow_type: 'internal_transfer',
      classification_method: 'user_corrected',
    });
    const audits = (await listAudits(adaFamily)).filter((a) => a.transaction_id === isa.id);
    expect(audits).toEqual([
      expect.objectContaining({
        original_flow_type: 'external_expense',
        corrected_flow_type: 'internal_transfer',
        user_reasoning: 'Our stocks and shares ISA',
        confidence_at_correction: 0.6,
        created_by: ada.sub,
      }),
    ]);
    const patterns = (await ada.call<PatternList>('GET', '/api/patterns')).body.patterns;
    expect(patterns).toEqual([
      expect.objectContaining({
        pattern_type: 'user_correction',
        description_contains: ['HARGREAVES', 'LANSDOWN'],
        flow_type: 'internal_transfer',
        confidence: 0.8,
      }),
    ]);

    // February's statement: the same merchant with another reference is classified as the family taught.
    const next = await upload(
      current,
      [{ date: '2026-02-05', description: 'HARGREAVES LANSDOWN 0225', signedAmount: -200 }],
      'february.pdf',
    );
    expect(byDescription(next, 'HARGREAVES LANSDOWN 0225')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.8,
      user_corrected_flow_type: null,
    });
  });

  it('saves nothing when the type is unchanged, and learns no duplicate pattern', async () => {
    const rows = await transactionsOf(ada, current);
    const isa = byDescription(rows, 'HARGREAVES LANSDOWN 0125');
    const auditsBefore = (await listAudits(adaFamily)).length;
    const same = await ada.call<CorrectionResponse>('POST', '/api/transactions/corrections', {
      transactions: [ref(isa)],
      flow_type: 'internal_transfer',
    });
    expect(same.body).toEqual({ updated: 0, transactions: [], audits: 0, patterns_learned: 0 });
    expect(await listAudits(adaFamily)).toHaveLength(auditsBefore);
    // February's row (classified by the pattern) corrected to the same type: a duplicate pattern is ignored.
    const feb = byDescription(rows, 'HARGREAVES LANSDOWN 0225');
    const corrected = await ada.call<CorrectionResponse>('POST', '/api/transactions/corrections', {
      transactions: [ref(feb)],
      flow_type: 'internal_transfer',
    });
    // The automatic type already says internal_transfer: unchanged, nothing saved.
    expect(corrected.body.updated).toBe(0);
    expect((await ada.call<PatternList>('GET', '/api/patterns')).body.patterns).toHaveLength(1);
  });

  it('refuses a missing type, a bad mode and several rows in a single correction, with the reason', async () => {
    const [row] = await transactionsOf(ada, current);
    const missing = await ada.call<ErrorBody>('POST', '/api/transactions/corrections', {
      transactions: [ref(row!)],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('Choose a flow type');
    const mortgage = await ada.call<ErrorBody>('POST', '/api/transactions/corrections', {
      transactions: [ref(row!)],
      flow_type: 'unclassified',
    });
    expect(mortgage.status).toBe(400);
    const two = await ada.call<ErrorBody>('POST', '/api/transactions/corrections', {
      mode: 'single',
      transactions: [ref(row!), { ...ref(row!), id: 'another0000000000000001' }],
      flow_type: 'income',
    });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe(
      'A single correction names exactly one transaction; use mode "bulk" for several',
    );
    const none = await ada.call<ErrorBody>('POST', '/api/transactions/corrections', {
      mode: 'bulk',
      transactions: [],
      flow_type: 'income',
    });
    expect(none.body.error.message).toBe('Select at least one transaction to correct');
  });
});

describe('bulk correction', () => {
  it('corrects the selected rows (user_bulk_corrected), skips rows already of the type, one audit row each and a 0.9 pattern', async () => {
    const savings = await createAccount(ada, 'Easy saver', 'savings');
    const rows = await upload(
      savings,
      [
        { date: '2026-03-01', description: 'DAVID JONES POCKET MONEY', signedAmount: 20 },
        { date: '2026-03-08', description: 'DAVID JONES POCKET MONEY', signedAmount: 20 },
        { date: '2026-03-15', description: 'DAVID JONES POCKET MONEY', signedAmount: 25 },
      ],
      'saver.pdf',
    );
    expect(rows.map((r) => r.flow_type)).toEqual(['income', 'income', 'income']);
    const first = await ada.call<CorrectionResponse>('POST', '/api/transactions/corrections', {
      mode: 'single',
      transactions: [ref(rows[0]!)],
      flow_type: 'internal_transfer',
    });
    expect(first.body.updated).toBe(1);
    const auditsBefore = (await listAudits(adaFamily)).length;
    const { body } = await ada.call<CorrectionResponse>('POST', '/api/transactions/corrections', {
      mode: 'bulk',
      transactions: rows.map(ref),
      flow_type: 'internal_transfer',
      reason: 'From our current account',
    });
    expect(body).toMatchObject({ updated: 2, audits: 2, patterns_learned: 1 });
    expect(body.transactions.map((t) => t.classification_method)).toEqual([
      'user_bulk_corrected',
      'user_bulk_corrected',
    ]);
    expect((await listAudits(adaFamily)).length).toBe(auditsBefore + 2);
    const pattern = (await ada.call<PatternList>('GET', '/api/patterns')).body.patterns.find(
      (p) => p.description_contains.join(' ') === 'DAVID JONES',
    );
    // The bulk pattern (0.9) replaces the single one (0.8) of the same terms.
    expect(pattern).toMatchObject({ pattern_type: 'bulk_correction', confidence: 0.9 });
    const after = await transactionsOf(ada, savings);
    expect(after.every((r) => r.user_corrected_flow_type === 'internal_transfer')).toBe(true);
  });
});

describe('patterns: the family sees and deletes what it taught', () => {
  it('deletes a pattern; later uploads no longer apply it', async () => {
    const list = (await ada.call<PatternList>('GET', '/api/patterns')).body.patterns;
    const hl = list.find((p) => p.description_contains.includes('HARGREAVES'))!;
    const removed = await ada.call('DELETE', `/api/patterns/${hl.id}`);
    expect(removed.status).toBe(200);
    expect((await ada.call('DELETE', `/api/patterns/${hl.id}`)).status).toBe(404);
    const next = await upload(
      current,
      [{ date: '2026-03-05', description: 'HARGREAVES LANSDOWN 0325', signedAmount: -200 }],
      'march.pdf',
    );
    expect(byDescription(next, 'HARGREAVES LANSDOWN 0325')).toMatchObject({ flow_type: 'external_expense' });
  });
});

describe('another family', () => {
  it("cannot correct the family's rows, see its patterns or delete them (404, nothing changed)", async () => {
    const rows = await transactionsOf(ada, current);
    const tesco = byDescription(rows, 'TESCO STORES 2345');
    const attempt = await eve.call<ErrorBody>('POST', '/api/transactions/corrections', {
      transactions: [ref(tesco)],
      flow_type: 'income',
    });
    expect(attempt.status).toBe(404);
    expect(attempt.body.error.message).toBe('Transaction not found');
    expect((await eve.call<PatternList>('GET', '/api/patterns')).body.patterns).toEqual([]);
    const adaPattern = (await ada.call<PatternList>('GET', '/api/patterns')).body.patterns[0]!;
    expect((await eve.call('DELETE', `/api/patterns/${adaPattern.id}`)).status).toBe(404);
    expect(byDescription(await transactionsOf(ada, current), 'TESCO STORES 2345')).toEqual(tesco);
    expect((await ada.call<PatternList>('GET', '/api/patterns')).body.patterns).toHaveLength(1);
  });
});
