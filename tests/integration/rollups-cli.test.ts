import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { services } from '../../functions/app/container';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { signedIn } from '../support/api';
import { scriptBundle } from '../support/script-bundle';
import { createAccount } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * `npx tsx bin/rollups.ts check|repair`: on a data directory whose roll-up of a month was lost, check names
 * the month and exits 1; repair rewrites it; check then finds everything in step and exits 0.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'ff-rollups-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** How the command is started: the real `npx tsx bin/rollups.ts`, or that code bundled once for this file. */
type Start = () => Promise<string[]>;
// Node with tsx's loader, as `npx tsx` runs it, without starting npx and tsx's own process first.
const real: Start = async () => ['--import', 'tsx', 'bin/rollups.ts'];
// The same command without compiling every module again at each start (tests/support/script-bundle.ts).
const bundled: Start = async () => [await scriptBundle('bin/rollups.ts')];

async function cli(start: Start, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...(await start()), ...args], {
      cwd: root,
      // PORT: where no twin runs, so the command works on the data directory itself
      env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, PORT: '9', LOG_LEVEL: 'ERROR' },
      timeout: 120_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('bin/rollups.ts', () => {
  it('check finds a lost month, repair restores it, check is then clean', async () => {
    // Built while the family's data is written.
    scriptBundle('bin/rollups.ts').catch(() => undefined);
    const twin = await startTestTwin({ dataDir, cognito: false });
    let familyId: string;
    try {
      const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
      await ada.call('POST', '/api/family');
      const account = await createAccount(ada, 'Everyday', 'current');
      const { body } = await ada.call<{ accounts: Array<{ family_id: string }> }>('GET', '/api/accounts');
      familyId = body.accounts[0]!.family_id;
      const rows: TransactionItem[] = ['2025-01-15', '2025-02-15'].map((date, i) => ({
        id: `CLI${i}`,
        family_id: familyId,
        account_id: account,
        upload_id: 'cli',
        transaction_date: date,
        description: 'SALARY',
        amount: 100,
        signed_amount: 100,
        type: 'credit',
        balance: null,
        flow_type: 'income',
        user_corrected_flow_type: null,
        classification_confidence: 0.9,
        classification_method: 'rule',
        created_at: '2026-01-01T00:00:00.000Z',
      }));
      await putNewTransactions(rows);
      await rowsChanged(services(), familyId, changesOf(rows));
      await documentClient().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.rollup(familyId, '2025-02') }),
      );
      // A paying family's billing link shares the sort key FAMILY: it is not a family of its own.
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.billingCustomer('cus_CLI'), family_id: familyId, customer_id: 'cus_CLI' },
        }),
      );
    } finally {
      await twin.stop();
    }

    const check = await cli(real, 'check');
    expect(check.code).toBe(1);
    expect(check.out).toContain(`family ${familyId}: 2 months, differing: 2025-02`);
    expect(check.out).not.toContain('cus_CLI');
    expect(check.out.match(/^rollups: family /gm)).toHaveLength(1);
    const repair = await cli(bundled, 'repair', familyId);
    expect(repair.code).toBe(0);
    expect(repair.out).toContain(`family ${familyId}: 2 months, repaired: 2025-02`);
    const again = await cli(bundled, 'check', familyId);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`family ${familyId}: 2 months, all in step`);
    expect((await cli(real, 'fix')).code).toBe(2);
  }, 240_000);
});
