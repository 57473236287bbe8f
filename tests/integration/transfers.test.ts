import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/adapters/dynamodb/account-repository';
import { listAudits } from '../../functions/adapters/dynamodb/audit-repository';
import type { AccountNumbersList, AccountNumbersResponse } from '../../functions/contracts/account-numbers';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { MatchActionResponse, MatchList } from '../../functions/contracts/matches';
import type { Transaction } from '../../functions/contracts/transactions';
import type { RemoveStatementResponse } from '../../functions/contracts/uploads';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Transfers the product finds itself (spec 2 §4 Match, §5 Match detection, §8 Matches), through the real
 * pipeline on the twin: a current account's statement, then the savings account's, with transfers between
 * them printed as UK banks print them; each statement's heading names its account (sort code and number).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let adaFamily: string;
let eve: ApiCaller;
let current: string;
let savings: string;

type ErrorBody = { error: { code: string; message: string } };

async function upload(
  accountId: string,
  rows: OrderedRow[],
  heading: { sortCode: string; accountNumber: string },
  name: string,
) {
  const { pdf } = await generateAccountStatement({ rows, ...heading });
  const done = await uploadStatement(ada, accountId, name, pdf);
  expect(done.stage, JSON.stringify(done)).toBe('done');
  return { upload: done, rows: await transactionsOf(ada, accountId) };
}
const find = (rows: Transaction[], text: string) => {
  const row = rows.find((r) => r.description === text);
  if (!row) throw new Error(`no row ${text}`);
  return row;
};

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  adaFamily = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body
    .family_id;
  await eve.call('POST', '/api/family');
  current = await createAccount(ada, 'Joint Current', 'current', 'Monzo');
  savings = await createAccount(ada, 'Barclays Savings', 'savings', 'Monzo');
});
afterAll(async () => {
  await twin?.stop();
});

describe('transfers between the family’s own accounts', () => {
  it('the current account alone: no pair to propose; its statement’s account number is kept', async () => {
    const { upload: done, rows } = await upload(
      current,
      [
        { date: '2026-01-10', description: 'TFR 87654321 SAVINGS', signedAmount: -500 },
        { date: '2026-01-12', description: 'TESCO STORES 2345', signedAmount: -42.1 },
        { date: '2026-01-20', description: 'TFR FROM 87654321 SAVINGS', signedAmount: 200 },
        { date: '2026-01-25', description: 'SALARY ACME LTD', signedAmount: 2450 },
      ],
      { sortCode: '04-00-04', accountNumber: '12345678' },
      'current-january.pdf',
    );
    expect(done.counts?.matches ?? 0).toBe(0);
    expect(await getAccount(adaFamily, current)).toMatchObject({
      sort_code: '040004',
      account_number: '12345678',
    });
    // The savings account's number is not known yet: the rule table's reading stands.
    expect(find(rows, 'TFR FROM 87654321 SAVINGS').flow_type).not.toBe('internal_transfer');
    expect((await ada.call<MatchList>('GET', '/api/matches')).body.matches).toEqual([]);
  });

  it('the savings statement uploaded later: the pairs are found, and the rows naming it become internal transfers', async () => {
    const { upload: done, rows } = await upload(
      savings,
      [
        { date: '2026-01-10', description: 'TRANSFER FROM 12345678', signedAmount: 500 },
        { date: '2026-01-19', description: 'TFR TO 04-00-04 12345678', signedAmount: -200 },
        { date: '2026-01-31', description: 'INTEREST PAID GROSS', signedAmount: 1.84 },
      ],
      { sortCode: '20-45-67', accountNumber: '87654321' },
      'savings-january.pdf',
    );
    expect(done.counts?.matches).toBe(2);
    expect(await getAccount(adaFamily, savings)).toMatchObject({
      sort_code: '204567',
      account_number: '87654321',
    });
    // Its own rows name the current account; the current account's earlier rows name it.
    expect(find(rows, 'TRANSFER FROM 12345678')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.95,
    });
    const currentRows = await transactionsOf(ada, current);
    expect(find(currentRows, 'TFR FROM 87654321 SAVINGS')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.95,
    });

    const { body } = await ada.call<MatchList>('GET', '/api/matches');
    expect(body.matches).toHaveLength(2);
    const [first, second] = body.matches;
    expect(first).toMatchObject({ confidence: 0.95, badge: 'success', label: 'Excellent', date_diff: 0 });
    expect(first!.transaction1).toMatchObject({
      description: 'TFR 87654321 SAVINGS',
      account_name: 'Joint Current',
      signed_amount: -500,
    });
    expect(first!.transaction2).toMatchObject({
      description: 'TRANSFER FROM 12345678',
      account_name: 'Barclays Savings',
      account_type: 'savings',
    });
    expect(first!.reason).toMatch(/^Names your Barclays Savings account; Exact amount match, same day/);
    // One day apart, the savings side naming the current account.
    expect(second).toMatchObject({ confidence: 0.95, date_diff: 1 });
    expect(second!.transaction1.description).toBe('TFR TO 04-00-04 12345678');
    expect(second!.reason).toMatch(/^Names your Joint Current account; /);
  });

  it('accept: each leg not already corrected becomes internal_transfer (user_corrected), with an audit row', async () => {
    const [match] = (await ada.call<MatchList>('GET', '/api/matches')).body.matches;
    const { status, body } = await ada.call<MatchActionResponse>('POST', `/api/matches/${match!.id}/accept`);
    expect(status).toBe(200);
    expect(body.transactions.map((t) => [t.description, t.user_corrected_flow_type])).toEqual([
      ['TFR 87654321 SAVINGS', 'internal_transfer'],
      ['TRANSFER FROM 12345678', 'internal_transfer'],
    ]);
    const audits = (await listAudits(adaFamily)).filter((a) => a.user_reasoning?.includes(match!.id));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      corrected_flow_type: 'internal_transfer',
      user_reasoning: `Cross-account match accepted: [${match!.id}]`,
      created_by: ada.sub,
    });
    const after = (await ada.call<MatchList>('GET', '/api/matches')).body.matches;
    expect(after.map((m) => m.id)).not.toContain(match!.id);
    expect((await ada.call('POST', `/api/matches/${match!.id}/accept`)).status).toBe(404);
  });

  it('reject: flow types unchanged, audit rows starting "Cross-account match rejected:", never proposed again', async () => {
    const [match] = (await ada.call<MatchList>('GET', '/api/matches')).body.matches;
    const before = await transactionsOf(ada, current);
    const { status } = await ada.call('POST', `/api/matches/${match!.id}/reject`, {
      note: 'Not the same money',
    });
    expect(status).toBe(200);
    const audits = (await listAudits(adaFamily)).filter((a) =>
      a.user_reasoning?.startsWith('Cross-account match rejected:'),
    );
    expect(audits).toHaveLength(2);
    expect(audits[0]!.user_reasoning).toBe(`Cross-account match rejected: [${match!.id}] Not the same money`);
    expect(audits[0]!.original_flow_type).toBe(audits[0]!.corrected_flow_type);
    expect(await transactionsOf(ada, current)).toEqual(before);
    expect((await ada.call<MatchList>('GET', '/api/matches')).body.matches).toEqual([]);

    // The savings statement again, with one more row in the window: matching runs around the added row and
    // around the rejected pair's dates, and does not propose the rejected pair again.
    const again = await upload(
      savings,
      [
        { date: '2026-01-10', description: 'TRANSFER FROM 12345678', signedAmount: 500 },
        { date: '2026-01-19', description: 'TFR TO 04-00-04 12345678', signedAmount: -200 },
        { date: '2026-01-31', description: 'INTEREST PAID GROSS', signedAmount: 1.84 },
        { date: '2026-02-01', description: 'STANDING ORDER FROM 12345678', signedAmount: 50 },
      ],
      { sortCode: '20-45-67', accountNumber: '87654321' },
      'savings-january-february.pdf',
    );
    expect(again.upload.counts?.added).toBe(1);
    expect((await ada.call<MatchList>('GET', '/api/matches')).body.matches.map((m) => m.id)).not.toContain(
      match!.id,
    );
  });

  it('another family gets 404 for the matches and sees none', async () => {
    const statementRows = await transactionsOf(ada, savings);
    const pairId = `${statementRows[0]!.id}_${statementRows[1]!.id}`;
    for (const action of ['accept', 'reject']) {
      const response = await eve.call<ErrorBody>('POST', `/api/matches/${pairId}/${action}`);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Match not found');
    }
    expect((await eve.call<MatchList>('GET', '/api/matches')).body.matches).toEqual([]);
  });
});

describe('account numbers the family types (an account whose statements are never uploaded)', () => {
  it("a card's last digits: the current account's payments to it become internal transfers", async () => {
    const card = await createAccount(ada, 'Amex Gold', 'credit', 'American Express');
    const { rows } = await upload(
      current,
      [
        { date: '2026-02-03', description: 'PAYMENT TO CARD ENDING 1234', signedAmount: -320 },
        { date: '2026-02-04', description: 'TESCO STORES 2345', signedAmount: -18.2 },
      ],
      { sortCode: '04-00-04', accountNumber: '12345678' },
      'current-february.pdf',
    );
    expect(find(rows, 'PAYMENT TO CARD ENDING 1234').flow_type).not.toBe('internal_transfer');

    const bad = await ada.call<ErrorBody>('PUT', `/api/accounts/${card}/numbers`, { card_last4: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('A card ending is its last 4 digits');
    const taken = await ada.call<ErrorBody>('PUT', `/api/accounts/${card}/numbers`, {
      account_number: '87654321',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Another of your accounts has this number');

    const { status, body } = await ada.call<AccountNumbersResponse>('PUT', `/api/accounts/${card}/numbers`, {
      card_last4: '1234',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ account: { account_id: card, card_last4: '1234' }, relabelled: 1 });
    expect(find(await transactionsOf(ada, current), 'PAYMENT TO CARD ENDING 1234')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.95,
    });
    const listed = (await ada.call<AccountNumbersList>('GET', '/api/account-numbers')).body.accounts;
    expect(listed.find((a) => a.account_id === savings)).toMatchObject({
      sort_code: '204567',
      account_number: '87654321',
    });
    expect((await eve.call('PUT', `/api/accounts/${card}/numbers`, { card_last4: '9999' })).status).toBe(404);
    expect((await eve.call<AccountNumbersList>('GET', '/api/account-numbers')).body.accounts).toEqual([]);
  });
});

describe('a correction changes one side: matching runs again around the other', () => {
  it('the current account leg pairs with the next savings credit once its first partner is corrected', async () => {
    await upload(
      current,
      [{ date: '2026-03-02', description: 'TFR 87654321 SAVINGS', signedAmount: -300 }],
      { sortCode: '04-00-04', accountNumber: '12345678' },
      'current-march.pdf',
    );
    const { rows } = await upload(
      savings,
      [
        { date: '2026-03-02', description: 'TRANSFER FROM 12345678', signedAmount: 300 },
        { date: '2026-03-04', description: 'TRANSFER FROM 12345678 REF MARCH', signedAmount: 300 },
      ],
      { sortCode: '20-45-67', accountNumber: '87654321' },
      'savings-march.pdf',
    );
    const march = (await ada.call<MatchList>('GET', '/api/matches')).body.matches.filter((m) =>
      m.transaction1.transaction_date.startsWith('2026-03'),
    );
    expect(march.map((m) => m.transaction2.description)).toEqual(['TRANSFER FROM 12345678']);
    const first = rows.find(
      (r) => r.description === 'TRANSFER FROM 12345678' && r.transaction_date === '2026-03-02',
    )!;
    const corrected = await ada.call('POST', '/api/transactions/corrections', {
      transactions: [
        { id: first.id, account_id: first.account_id, transaction_date: first.transaction_date },
      ],
      flow_type: 'income',
      reason: 'A gift paid in by Grandma',
    });
    expect(corrected.status).toBe(200);
    const after = (await ada.call<MatchList>('GET', '/api/matches')).body.matches.filter((m) =>
      m.transaction1.transaction_date.startsWith('2026-03'),
    );
    expect(after.map((m) => [m.transaction1.description, m.transaction2.description, m.date_diff])).toEqual([
      ['TFR 87654321 SAVINGS', 'TRANSFER FROM 12345678 REF MARCH', 2],
    ]);
  });
});

describe('removing a statement matches again around the rows it took away', () => {
  it("the current account leg pairs with the other savings credit once its partner's statement is removed", async () => {
    await upload(
      current,
      [{ date: '2026-06-02', description: 'TFR 87654321 SAVINGS', signedAmount: -250 }],
      { sortCode: '04-00-04', accountNumber: '12345678' },
      'current-june.pdf',
    );
    const { upload: early } = await upload(
      savings,
      [{ date: '2026-06-02', description: 'TRANSFER FROM 12345678', signedAmount: 250 }],
      { sortCode: '20-45-67', accountNumber: '87654321' },
      'savings-june-early.pdf',
    );
    // A later savings statement holds another credit of the same amount: the first pair is the closer one.
    await upload(
      savings,
      [{ date: '2026-06-05', description: 'TRANSFER FROM 12345678 REF JUNE', signedAmount: 250 }],
      { sortCode: '20-45-67', accountNumber: '87654321' },
      'savings-june-late.pdf',
    );
    const june = async () =>
      (await ada.call<MatchList>('GET', '/api/matches')).body.matches
        .filter((m) => m.transaction1.transaction_date.startsWith('2026-06'))
        .map((m) => [m.transaction1.description, m.transaction2.description, m.date_diff]);
    expect(await june()).toEqual([['TFR 87654321 SAVINGS', 'TRANSFER FROM 12345678', 0]]);

    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${early.uploadId}`);
    expect(removed.body).toMatchObject({ removed: 1, kept: 0 });
    expect(await june()).toEqual([['TFR 87654321 SAVINGS', 'TRANSFER FROM 12345678 REF JUNE', 3]]);
  });
});
