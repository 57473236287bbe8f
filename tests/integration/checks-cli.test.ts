import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendCheckEdit,
  createStatementCheck,
  endStatementCheck,
} from '../../functions/adapters/dynamodb/check-repository';
import { signedIn } from '../support/api';
import { createAccount } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * `npx tsx bin/checks.ts`: on a data directory with a statement the family checked, lists it with why it
 * waited, each change (who, when, what) and how it ended.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'ff-checks-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('bin/checks.ts', () => {
  it('lists the checked statements with what was changed', async () => {
    const twin = await startTestTwin({ dataDir, cognito: false });
    let familyId = '';
    try {
      const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
      await ada.call('POST', '/api/family');
      const account = await createAccount(ada, 'Everyday', 'current');
      const { body } = await ada.call<{ accounts: Array<{ family_id: string }> }>('GET', '/api/accounts');
      familyId = body.accounts[0]!.family_id;
      await createStatementCheck({
        familyId,
        uploadId: 'UPLOAD0000000000000000001',
        accountId: account,
        fileName: 'march.pdf',
        bucket: 'uploads',
        readingKey: `${familyId}/UPLOAD0000000000000000001/reading.json`,
        reasons: ['does_not_add_up'],
        edits: [],
        createdAt: '2025-04-01T10:00:00.000Z',
      });
      await appendCheckEdit(familyId, 'UPLOAD0000000000000000001', {
        edit: {
          op: 'add_row',
          id: 'a1',
          after: 'r2',
          date: '2025-03-08',
          description: 'SAINSBURYS',
          signedAmount: -38.9,
        },
        by: ada.sub,
        at: '2025-04-01T10:05:00.000Z',
      });
      await endStatementCheck(
        familyId,
        'UPLOAD0000000000000000001',
        'imported',
        ada.sub,
        '2025-04-01T10:06:00.000Z',
      );
    } finally {
      await twin.stop();
    }
    // Node with tsx's loader, as `npx tsx` runs it, without starting npx and tsx's own process first.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bin/checks.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '9', LOG_LEVEL: 'ERROR' },
      timeout: 120_000,
    });
    expect(stdout).toContain(
      `checks: family ${familyId} upload UPLOAD0000000000000000001 (march.pdf), held 2025-04-01T10:00:00.000Z for does_not_add_up: imported by`,
    );
    expect(stdout).toContain('2025-04-01T10:05:00.000Z');
    expect(stdout).toContain('Added a row: 2025-03-08 "SAINSBURYS" -38.90');
  }, 180_000);
});
