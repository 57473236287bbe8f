import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { STARTUP_WAIT_MS } from '../../functions/local/startup-gate';
import { startTestTwin } from '../support/twin';

/**
 * A twin that is starting binds its port first (so a port in use is reported at once) and needs a few more
 * seconds for its emulators and catalogue. A client that polls /api/health, or a browser tab left open across
 * a restart, reaches it in that window: every such request gets an answer (200 once ready, or 503 with
 * Retry-After), none hangs.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>> | undefined;
afterAll(async () => {
  await twin?.stop();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

type Outcome =
  | { kind: 'refused' } // nothing listening yet
  | { kind: 'answered'; status: number; retryAfter: string | null; beforeReady: boolean }
  | { kind: 'hung' };

describe('requests that reach the twin while it starts', () => {
  it('are all answered: queued until ready, or 503 with Retry-After; none hangs', async () => {
    const port = await freePort();
    let ready = false;
    const starting = startTestTwin({ port }).then((started) => {
      ready = true;
      twin = started;
      return started;
    });
    const outcomes: Array<Promise<Outcome>> = [];
    const fire = (path: string, init: RequestInit = {}): Promise<Outcome> => {
      const beforeReady = !ready;
      return fetch(`http://127.0.0.1:${port}${path}`, {
        ...init,
        signal: AbortSignal.timeout(STARTUP_WAIT_MS + 5_000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return {
            kind: 'answered',
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            beforeReady,
          };
        },
        (error: Error) => (error.name === 'TimeoutError' ? { kind: 'hung' } : { kind: 'refused' }),
      );
    };
    // As a client polling start-up does: ask again and again until the twin is up.
    while (!ready) {
      outcomes.push(fire('/api/health'));
      outcomes.push(fire('/api/profile', { method: 'PUT', body: '{}' }));
      await new Promise((r) => setTimeout(r, 5));
    }
    await starting;
    const settled = await Promise.all(outcomes);

    expect(settled.filter((o) => o.kind === 'hung')).toEqual([]);
    const early = settled.filter(
      (o): o is Extract<Outcome, { kind: 'answered' }> => o.kind === 'answered' && o.beforeReady,
    );
    // The window was really exercised: requests connected before the twin finished starting.
    expect(early.length).toBeGreaterThan(0);
    for (const answer of early) {
      // Held until ready and then served (health: 200; the profile without a token: 401), or refused for now.
      if (answer.status === 503) expect(answer.retryAfter).toMatch(/^\d+$/);
      else expect([200, 401]).toContain(answer.status);
    }
    // Once started, the twin answers as usual.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  }, 30_000);
});
