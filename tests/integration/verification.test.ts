import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putMatchCandidate } from '../../functions/adapters/dynamodb/match-candidate-repository';
import { createUpload } from '../../functions/adapters/dynamodb/upload-repository';
import type { VerificationCheckDto, VerificationReport } from '../../functions/contracts/review';
import type { MatchCandidate } from '../../functions/domain/matching';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { familyIdOf, seedRows } from '../support/review';
import { startTestTwin } from '../support/twin';

/**
 * The Verification panel's checks on the twin, on crafted data: rows seeded through the repository and
 * statement records as the pipeline leaves them (period, reconciliation), so each check meets the state it
 * exists for.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});

let n = 0;
async function family() {
  n++;
  const caller = await signedIn(twin, `verify-${n}-${Date.now()}`, `verify${n}@example.com`);
  const accountId = await familyWithAccount(caller);
  return { caller, familyId: await familyIdOf(caller), accountId };
}

async function statement(
  familyId: string,
  accountId: string,
  fileName: string,
  period: { start: string; end: string },
  reconciliation: {
    ok: boolean;
    breaks: Array<{ row: number; expected: number; actual: number; reason: string }>;
  } = {
    ok: true,
    breaks: [],
  },
) {
  const uploadId = ulid();
  const at = new Date().toISOString();
  await createUpload({
    uploadId,
    accountId,
    familyId,
    fileName,
    size: 1000,
    stage: 'done',
    message: null,
    counts: {},
    reconciliation,
    institution: 'Monzo',
    period,
    warnings: [],
    createdAt: at,
    updatedAt: at,
    objectKey: `${familyId}/${uploadId}_${fileName}`,
    createdBy: 'user',
  });
}

const verify = async (caller: ApiCaller, account?: string) =>
  caller.call<VerificationReport>(
    'GET',
    `/api/transactions/verification${account ? `?account=${account}` : ''}`,
  );
const check = (report: VerificationReport, suffix: string) =>
  report.checks.find((c) => c.id.endsWith(suffix)) as VerificationCheckDto;

describe('per-account checks', () => {
  it('completeness, confidence and transfer share from the rows; reconciliation, gaps and overlaps from the statements', async () => {
    const { caller, familyId, accountId } = await family();
    const good = Array.from({ length: 10 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      description: `TRANSFER TO SAVER ${i}`,
      signed: -100,
      flow_type: 'internal_transfer',
      confidence: 0.9,
    }));
    await seedRows(familyId, accountId, [
      ...good,
      {
        date: '2026-01-20',
        description: 'SHOP',
        signed: -10,
        flow_type: 'external_expense',
        confidence: 0.95,
      },
      // incomplete: no type, no signed amount: their direction is known only from the flow type (low)
      {
        date: '2026-01-21',
        description: 'OLD ROW',
        signed: null,
        type: null,
        flow_type: 'external_expense',
        confidence: 0.6,
      },
      {
        date: '2026-01-22',
        description: 'OLD ROW 2',
        signed: null,
        type: null,
        flow_type: 'income',
        confidence: 0.6,
      },
    ]);
    await statement(familyId, accountId, 'jan.pdf', { start: '2026-01-01', end: '2026-01-31' });
    await statement(familyId, accountId, 'mar.pdf', { start: '2026-03-01', end: '2026-03-31' });
    await statement(
      familyId,
      accountId,
      'mar-apr.pdf',
      { start: '2026-03-15', end: '2026-04-14' },
      { ok: false, breaks: [{ row: 7, expected: 120.5, actual: 100.5, reason: 'balance does not follow' }] },
    );
    const { status, body } = await verify(caller, accountId);
    expect(status).toBe(200);

    const completeness = check(body, ':completeness');
    // 11 of 13 complete: 84.6% → attention (below 85%)
    expect(completeness).toMatchObject({
      status: 'attention',
      value: '84.6%',
      title: 'Everyday: Data Completeness',
    });
    expect(completeness.link?.to).toBe('/app/setup/cleanup');

    const confidence = check(body, ':confidence');
    // 2 of 13 low (15% > 10%) → low → attention
    expect(confidence).toMatchObject({ status: 'attention', value: 'low' });
    expect(confidence.link?.to).toBe('/app/setup/classification');

    const share = check(body, ':internal-share');
    // 1000 internal of 1000 + expenses 10 + 21 + income 22 (seeded rows without a signed amount: 10 + position)
    expect(share.status).toBe('warning');
    expect(share.value).toBe('95.0%');
    expect(share.link?.to).toBe('/app/setup/matching');

    const reconciliation = check(body, ':reconciliation');
    expect(reconciliation).toMatchObject({ status: 'attention', value: '2 of 3' });
    expect(reconciliation.details[0]).toBe('mar-apr.pdf does not add up');
    expect(reconciliation.details[1]).toContain('row 7: expected balance 120.50, statement shows 100.50');

    const gaps = check(body, ':gaps');
    expect(gaps).toMatchObject({
      status: 'warning',
      value: '1 month missing',
      details: ['No statement for February 2026'],
    });
    expect(gaps.link?.to).toBe('/app/setup/upload');

    const overlaps = check(body, ':overlaps');
    expect(overlaps).toMatchObject({ status: 'warning', value: '1 overlap' });
    expect(overlaps.details).toEqual([
      'mar.pdf and mar-apr.pdf both cover 15 Mar 2026 to 31 Mar 2026 (17 days)',
    ]);

    expect(body.summary).toMatchObject({
      verified: 0,
      warnings: 3,
      attention: 3,
      banner: { title: 'Verification Issues Found', tone: 'danger' },
    });
  });

  it('a clean account is verified throughout; an account without rows needs statements', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(familyId, accountId, [
      { date: '2026-01-02', description: 'SALARY', signed: 2000, flow_type: 'income', confidence: 0.95 },
      {
        date: '2026-01-03',
        description: 'TESCO',
        signed: -50,
        flow_type: 'external_expense',
        confidence: 0.95,
      },
    ]);
    await statement(familyId, accountId, 'jan.pdf', { start: '2026-01-01', end: '2026-01-31' });
    await statement(familyId, accountId, 'feb.pdf', { start: '2026-02-01', end: '2026-02-28' });
    const { body } = await verify(caller, accountId);
    expect(body.checks.map((c) => c.status)).toEqual(Array(6).fill('verified'));
    expect(body.checks.every((c) => c.link === null)).toBe(true);
    expect(body.summary.banner).toEqual({ title: 'All Systems Verified', tone: 'success' });

    const { body: created } = await caller.call<{ accounts: Array<{ id: string }> }>(
      'POST',
      '/api/accounts',
      {
        accounts: [{ name: 'Empty', bank_name: 'Monzo', account_type: 'savings' }],
      },
    );
    const empty = await verify(caller, created.accounts[0]!.id);
    expect(empty.body.checks).toHaveLength(1);
    expect(empty.body.checks[0]).toMatchObject({
      status: 'attention',
      details: ['No transactions yet'],
      link: { to: '/app/setup/upload' },
    });
  });
});

describe("the family's checks", () => {
  it('transfers proposed but not reviewed, with a link to Cross-Account Matching; the number of accounts', async () => {
    const { caller, familyId, accountId } = await family();
    expect((await verify(caller)).body.checks[0]).toMatchObject({
      status: 'verified',
      value: '0',
      link: null,
    });
    const { body: created } = await caller.call<{ accounts: Array<{ id: string }> }>(
      'POST',
      '/api/accounts',
      {
        accounts: [{ name: 'Saver', bank_name: 'Nationwide', account_type: 'savings' }],
      },
    );
    const saver = created.accounts[0]!.id;
    const [out] = await seedRows(familyId, accountId, [
      {
        date: '2026-01-06',
        description: 'TRANSFER TO SAVER',
        signed: -50,
        flow_type: 'internal_transfer',
        confidence: 0.9,
      },
    ]);
    const [into] = await seedRows(familyId, saver, [
      {
        date: '2026-01-06',
        description: 'TRANSFER FROM EVERYDAY',
        signed: 50,
        flow_type: 'internal_transfer',
        confidence: 0.9,
      },
    ]);
    await putMatchCandidate(
      familyId,
      {
        id: [out!.id, into!.id].sort().join('_'),
        transaction1: out!,
        transaction2: into!,
        confidence: 0.9,
        reason: 'r',
        date_diff: 0,
        amount_match: true,
      } as unknown as MatchCandidate,
      new Date().toISOString(),
    );
    const { body } = await verify(caller);
    expect(body.checks[0]).toMatchObject({
      id: 'transfer-proposals',
      status: 'warning',
      value: '1',
      details: ['1 proposed transfer waiting for your review'],
      link: { to: '/app/setup/matching' },
    });
    expect(body.summary).toMatchObject({ total_accounts: 2, banner: { title: 'Minor Warnings Detected' } });
  });

  it("another family's account: 404; a malformed id: 400 with the reason", async () => {
    const a = await family();
    const b = await family();
    expect((await verify(b.caller, a.accountId)).status).toBe(404);
    const bad = await b.caller.call<{ error: { message: string } }>(
      'GET',
      '/api/transactions/verification?account=x',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Not an account id');
  });
});
