import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../../functions/adapters/dynamodb/client';
import {
  getJob,
  putJobUnlessRunning,
  STARTING,
  type StoredJob,
  takeJobLease,
} from '../../../functions/adapters/dynamodb/review-repository';
import { type RunningDynamo, startDynamo } from '../../../functions/local/emulators';
import { resetConfig } from '../../../functions/shared/config';

/**
 * The classification job's lease, against the twin's DynamoDB: one conditional update takes it, either only
 * when it ran out (reserving the job for a worker being started) or also from its own holder and from a
 * reservation (a worker taking its job).
 */
const TABLE = 'job-lease-test';
const NOW = new Date('2026-05-01T10:00:00.000Z');
const EARLIER = '2026-05-01T09:59:00.000Z';
const LATER = '2026-05-01T10:00:30.000Z';
let dynamo: RunningDynamo;
let dir: string;
let family = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ff-job-lease-'));
  dynamo = await startDynamo({ directory: dir, tableName: TABLE });
  Object.assign(process.env, { APP_MODE: 'local', TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint });
  resetConfig();
  resetDocumentClient();
});
afterAll(async () => {
  resetDocumentClient();
  await dynamo.close();
  rmSync(dir, { recursive: true, force: true });
});

let familyId: string;
beforeEach(() => {
  familyId = `family-${++family}`;
});

async function jobHeldBy(owner: string | null, until: string, status: StoredJob['status'] = 'running') {
  const job: StoredJob = {
    id: 'job-1',
    status,
    classifier: 'local',
    total: 3,
    processed: 0,
    answered: 0,
    fell_back: 0,
    kept: 0,
    current: null,
    started_at: EARLIER,
    updated_at: EARLIER,
    finished_at: null,
    message: null,
    lease_owner: owner,
    lease_until: until,
  };
  expect(await putJobUnlessRunning(familyId, job)).toBe(true);
}

const take = (holder: string, taking: 'ran-out' | 'ran-out-or-ours', jobId = 'job-1') =>
  takeJobLease(familyId, jobId, holder, NOW, 60, taking);

describe('taking the job lease', () => {
  it.each([
    ['ran out', null, EARLIER, true, true],
    ['held by the taker', 'worker-a', LATER, false, true],
    ['reserved for a starting worker', STARTING, LATER, false, true],
    ['held by another worker', 'worker-b', LATER, false, false],
  ] as const)('a lease %s: reserve %s, take %s', async (_, owner, until, reserves, takes) => {
    await jobHeldBy(owner, until);
    expect(await take('worker-a', 'ran-out')).toBe(reserves);
    if (!reserves) expect(await take('worker-a', 'ran-out-or-ours')).toBe(takes);
    const job = await getJob(familyId);
    if (reserves || takes)
      expect(job).toMatchObject({ lease_owner: 'worker-a', lease_until: '2026-05-01T10:01:00.000Z' });
    else expect(job).toMatchObject({ lease_owner: owner, lease_until: until });
  });

  it('reserves a ran-out lease for a starting worker, which the worker then takes over', async () => {
    await jobHeldBy('died', EARLIER);
    expect(await take(STARTING, 'ran-out')).toBe(true);
    expect(await take(STARTING, 'ran-out')).toBe(false); // a second poll starts no other worker
    expect(await take('worker-a', 'ran-out-or-ours')).toBe(true);
    expect(await getJob(familyId)).toMatchObject({ lease_owner: 'worker-a' });
  });

  it('is never taken on a job that ended or was replaced', async () => {
    await jobHeldBy(null, EARLIER, 'done');
    expect(await take('worker-a', 'ran-out')).toBe(false);
    expect(await take('worker-a', 'ran-out-or-ours')).toBe(false);
    await jobHeldBy(null, EARLIER);
    expect(await take('worker-a', 'ran-out-or-ours', 'another-job')).toBe(false);
  });
});
