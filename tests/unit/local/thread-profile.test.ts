import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startThreadProfile } from '../../../functions/local/thread-profile';

/** The twin's threads' CPU profiles (functions/local/thread-profile.ts): one .cpuprofile each, only when asked. */
it('writes one CPU profile named after the thread when stopped, and nothing without a folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ff-thread-profile-'));
  try {
    const off = await startThreadProfile('api-worker', undefined);
    await off.stop();
    expect(readdirSync(dir)).toEqual([]);
    const profile = await startThreadProfile('api-worker', dir);
    await profile.stop();
    await profile.stop();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^api-worker\.\d+\.\d+\.\d+\.cpuprofile$/);
    const written = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as { nodes: unknown[] };
    expect(written.nodes.length).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
