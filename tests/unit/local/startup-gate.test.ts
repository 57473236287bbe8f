import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { STARTUP_RETRY_AFTER_SECONDS, startupGate } from '../../../functions/local/startup-gate';

/** The start-up gate of the twin's HTTP server, on a loopback server of its own (short waits). */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = undefined;
});

async function serve(gate: ReturnType<typeof startupGate>): Promise<string> {
  server = createServer(gate.listener);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const ok = (_: unknown, res: import('node:http').ServerResponse) => {
  res.writeHead(200);
  res.end('ready');
};

describe('startupGate', () => {
  it('holds a request until the twin is ready, then serves it', async () => {
    const gate = startupGate({ waitMs: 30_000 });
    const url = await serve(gate);
    const pending = fetch(url);
    // The request has reached the gate (however long a busy machine takes to send it), and waits there.
    await expect.poll(() => gate.waitingCount(), { timeout: 20_000 }).toBe(1);
    gate.ready(ok);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ready');
    expect((await fetch(url)).status).toBe(200);
  });

  it('answers 503 with Retry-After when the twin is not ready within the wait', async () => {
    const url = await serve(startupGate({ waitMs: 50 }));
    const response = await fetch(url);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(STARTUP_RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('answers 503 at once beyond the queue limit, and to every waiting request when the start fails', async () => {
    const gate = startupGate({ waitMs: 30_000, queueLimit: 1 });
    const url = await serve(gate);
    const first = fetch(url);
    await expect.poll(() => gate.waitingCount(), { timeout: 20_000 }).toBe(1);
    expect((await fetch(url)).status).toBe(503);
    gate.refuse();
    expect((await first).status).toBe(503);
    expect((await fetch(url)).status).toBe(503);
  });
});
