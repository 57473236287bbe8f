import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAccountIfAbsent } from '../../functions/adapters/dynamodb/account-repository';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { accountTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import { createUpload } from '../../functions/adapters/dynamodb/upload-repository';
import { putObject } from '../../functions/adapters/s3/storage';
import { registerServices, services } from '../../functions/app/container';
import { artefactKey, type PipelineState, uploadObjectKey } from '../../functions/contracts/pipeline';
import type { ParsedStatementContract } from '../../functions/contracts/statement';
import { classifyStep } from '../../functions/services/pipeline/classify';
import { matchStep } from '../../functions/services/pipeline/match';
import { persistStep } from '../../functions/services/pipeline/persist';
import { registerStep } from '../../functions/services/pipeline/register';
import { startTestTwin } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});

async function account(familyId: string, type: 'current' | 'savings' | 'credit') {
  const id = ulid();
  await putAccountIfAbsent({
    id,
    family_id: familyId,
    name: `${type} account`,
    bank_name: 'Barclays',
    account_type: type,
    institution_id: null,
    detected_institution_id: null,
    services: [],
    is_active: true,
    is_archived: false,
    archived_at: null,
    created_at: new Date().toISOString(),
    created_by: 'user',
  });
  return id;
}

const row = (date: string, description: string, signedAmount: number) => ({
  date,
  description,
  amount: Math.abs(signedAmount),
  signedAmount,
  type: signedAmount >= 0 ? ('credit' as const) : ('debit' as const),
  balance: null,
});

/** The family's rows in the unclassified index (gsi2), as the review screen reads them. */
async function unclassifiedOf(familyId: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: twin.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.unclassifiedPrefix(familyId).pk },
    }),
  );
  return out.Items ?? [];
}

async function ingest(
  familyId: string,
  accountId: string,
  transactions: ParsedStatementContract['transactions'],
) {
  const uploadId = ulid();
  const key = uploadObjectKey(familyId, uploadId, 'statement.pdf');
  const now = new Date().toISOString();
  await createUpload({
    uploadId,
    familyId,
    accountId,
    fileName: 'statement.pdf',
    size: 9,
    objectKey: key,
    stage: 'uploading',
    message: null,
    counts: {},
    reconciliation: null,
    institution: null,
    period: null,
    createdBy: 'user',
    createdAt: now,
    updatedAt: now,
  });
  await putObject(key, '%PDF-1.7\n', 'application/pdf');
  let state: PipelineState = await registerStep(services(), { bucket: twin.bucket, key, etag: 'e', size: 9 });
  const statementKey = artefactKey(familyId, uploadId, 'statement.json');
  const parsed: ParsedStatementContract = {
    institution: 'Barclays',
    period: null,
    openingBalance: null,
    closingBalance: null,
    transactions,
    reconciliation: { ok: true, breaks: [] },
    warnings: [],
  };
  await putObject(statementKey, JSON.stringify(parsed), 'application/json');
  state = await persistStep(services(), { ...state, statementKey });
  state = await classifyStep(services(), state);
  return matchStep(services(), state);
}

describe('classify: the rule table labels what an upload added', () => {
  it('classifies each new row with the spec confidences and method ai_auto', async () => {
    const familyId = ulid();
    const current = await account(familyId, 'current');
    const state = await ingest(familyId, current, [
      row('2026-01-03', 'TESCO STORES 2345', -23.5),
      row('2026-01-10', 'SALARY ACME LTD', 2100),
      row('2026-01-12', 'TFR 12345678 SAVINGS', -500),
    ]);
    expect(state.counts?.classified).toBe(3);
    const rows = await accountTransactions(familyId, current);
    const byDescription = Object.fromEntries(rows.map((r) => [r.description, r]));
    expect(byDescription['TESCO STORES 2345']).toMatchObject({
      flow_type: 'external_expense',
      classification_confidence: 0.95,
      classification_method: 'ai_auto',
    });
    expect(byDescription['SALARY ACME LTD']).toMatchObject({
      flow_type: 'income',
      classification_confidence: 0.95,
    });
    expect(byDescription['TFR 12345678 SAVINGS']).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.95,
    });
    expect(await unclassifiedOf(familyId)).toHaveLength(0);
  });
});

describe('classify: the AI (Bedrock in AWS, replaced at its port) takes what the rules leave unsure', () => {
  it('asks about rows with no rule or a catch-all rule; its answer, or the fallback, is stored', async () => {
    const asked: string[] = [];
    registerServices({
      aiClassifier: {
        batchSize: 2,
        async classify(items) {
          asked.push(...items.map((i) => i.description));
          return items.map((i) =>
            i.description.startsWith('MYSTERY')
              ? { flow_type: 'internal_transfer', confidence: 0.7, reasoning: 'Looks like a move of savings' }
              : null,
          );
        },
      },
    });
    try {
      const familyId = ulid();
      const savings = await account(familyId, 'savings');
      const state = await ingest(familyId, savings, [
        row('2026-04-01', 'TESCO STORES 2345', -20),
        row('2026-04-02', 'MYSTERY PAYEE 991', -40),
        row('2026-04-03', 'UNKNOWN THING 12', -10),
        row('2026-04-04', 'INTEREST PAID', 5),
      ]);
      // The known merchant is not sent; the others are (no rule; no rule; the 0.60 unknown-credit rule).
      expect(asked.sort()).toEqual(['INTEREST PAID', 'MYSTERY PAYEE 991', 'UNKNOWN THING 12']);
      expect(state.counts?.classified).toBe(4);
      const rows = Object.fromEntries(
        (await accountTransactions(familyId, savings)).map((r) => [r.description, r]),
      );
      expect(rows['TESCO STORES 2345']).toMatchObject({
        flow_type: 'external_expense',
        classification_confidence: 0.95,
      });
      expect(rows['MYSTERY PAYEE 991']).toMatchObject({
        flow_type: 'internal_transfer',
        classification_confidence: 0.7,
        classification_method: 'ai_auto',
      });
      // Spec 2 §8: a failed classification falls back to external_expense at 0.1 ...
      expect(rows['UNKNOWN THING 12']).toMatchObject({
        flow_type: 'external_expense',
        classification_confidence: 0.1,
      });
      // ... unless a rule had answered: that answer stays.
      expect(rows['INTEREST PAID']).toMatchObject({ flow_type: 'income', classification_confidence: 0.6 });
    } finally {
      registerServices({ aiClassifier: null });
    }
  });

  it('gives spending no rule places the category the AI answered with, from the seeded list only', async () => {
    registerServices({
      aiClassifier: {
        batchSize: 4,
        async classify(items) {
          return items.map((i) => {
            const answer = {
              flow_type: 'external_expense' as const,
              confidence: 0.7,
              reasoning: 'A purchase',
            };
            if (i.description.startsWith('MYSTERY'))
              return { ...answer, category: { category_id: 'shopping.general', confidence: 0.65 } };
            if (i.description.startsWith('ODDITY'))
              return { ...answer, category: { category_id: 'Knick-knacks', confidence: 0.9 } };
            // the rules' category (the keyword PHARMACY) comes before the AI's
            return { ...answer, category: { category_id: 'travel', confidence: 0.9 } };
          });
        },
      },
    });
    try {
      const familyId = ulid();
      const current = await account(familyId, 'current');
      await ingest(familyId, current, [
        row('2026-04-02', 'MYSTERY XQZ 991', -40),
        row('2026-04-03', 'ODDITY CORNER 12', -10),
        row('2026-04-04', 'BRIDGE ST PHARMACY 88', -12),
      ]);
      const rows = Object.fromEntries(
        (await accountTransactions(familyId, current)).map((r) => [r.description, r]),
      );
      expect(rows['MYSTERY XQZ 991']).toMatchObject({
        flow_type: 'external_expense',
        category_id: 'shopping',
        subcategory_id: 'shopping.general',
        category_confidence: 0.65,
        category_source: 'ai',
      });
      expect(rows['ODDITY CORNER 12']).toMatchObject({ category_id: null, category_source: 'none' });
      expect(rows['BRIDGE ST PHARMACY 88']).toMatchObject({
        subcategory_id: 'health.pharmacy',
        category_source: 'keyword',
      });
    } finally {
      registerServices({ aiClassifier: null });
    }
  });

  it('without an AI (the twin) a row no rule fits stays unclassified, in the unclassified index', async () => {
    const familyId = ulid();
    const savings = await account(familyId, 'savings');
    const state = await ingest(familyId, savings, [row('2026-04-02', 'MYSTERY PAYEE 991', -40)]);
    expect(state.counts?.classified).toBe(0);
    const [stored] = await accountTransactions(familyId, savings);
    expect(stored).toMatchObject({ flow_type: null, classification_method: null });
    expect(await unclassifiedOf(familyId)).toHaveLength(1);
  });
});

describe('match: transfers between the family’s own accounts are proposed', () => {
  it('pairs money out of one account with the same amount into another within days', async () => {
    const familyId = ulid();
    const current = await account(familyId, 'current');
    const savings = await account(familyId, 'savings');
    await ingest(familyId, current, [
      row('2026-02-05', 'TFR 12345678 SAVINGS', -500),
      row('2026-02-06', 'TESCO STORES', -20),
    ]);
    const state = await ingest(familyId, savings, [row('2026-02-05', 'TRANSFER FROM CURRENT ACCOUNT', 500)]);
    expect(state.counts?.matches).toBe(1);
    const stored = await documentClient().send(
      new QueryCommand({
        TableName: twin.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': keys.matchCandidatesPrefix(familyId).pk, ':sk': 'MATCH#' },
      }),
    );
    expect(stored.Items).toHaveLength(1);
    expect(stored.Items?.[0]?.confidence).toBe(0.95);
    expect(stored.Items?.[0]?.amount_match).toBe(true);
  });

  it('does not pair transactions of another family', async () => {
    const familyA = ulid();
    const familyB = ulid();
    await ingest(familyA, await account(familyA, 'current'), [
      row('2026-03-05', 'TFR 12345678 SAVINGS', -250),
    ]);
    const state = await ingest(familyB, await account(familyB, 'savings'), [
      row('2026-03-05', 'TRANSFER FROM CURRENT', 250),
    ]);
    expect(state.counts?.matches).toBe(0);
  });
});
