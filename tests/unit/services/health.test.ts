import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../../functions/services/health';
import type { HealthProbe } from '../../../functions/shared/ports';

/** A probe that answers when told to, counting its checks. */
function heldProbe(name: string) {
  const waiting: Array<() => void> = [];
  let checks = 0;
  const probe: HealthProbe = {
    name,
    check: () => {
      checks++;
      return new Promise((resolve) => waiting.push(() => resolve({ state: 'ok' })));
    },
  };
  const answer = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { probe, checks: () => checks, answer };
}

describe('checkHealth', () => {
  it('answers checks asked for while a round is under way with that round, and probes again after it', async () => {
    const table = heldProbe('dynamodb');
    const probes = [table.probe];
    const first = checkHealth(probes);
    const second = checkHealth(probes);
    expect(table.checks()).toBe(1);
    table.answer();
    expect(await first).toEqual({ ok: true, parts: { dynamodb: { state: 'ok' } } });
    expect(await second).toBe(await first);
    const third = checkHealth(probes);
    expect(table.checks()).toBe(2);
    table.answer();
    expect((await third).ok).toBe(true);
  });

  it("reports a probe that throws as 'error' and the whole as not ok", async () => {
    const failing: HealthProbe = { name: 's3', check: async () => Promise.reject(new Error('down')) };
    const fine: HealthProbe = { name: 'api', check: async () => ({ state: 'ok' }) };
    expect(await checkHealth([fine, failing])).toEqual({
      ok: false,
      parts: { api: { state: 'ok' }, s3: { state: 'error' } },
    });
  });
});
