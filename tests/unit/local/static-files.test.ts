import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../../functions/local/static-files';

/** The twin's SPA files (web/dist served as CloudFront would), on a loopback server of their own. */
let server: Server;
let url: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ff-static-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  server = createServer(serveStatic(root));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('serveStatic', () => {
  it.each(['/%', '/%ZZ', '/app/%E0%A4%A'])(
    '%s (not valid percent-encoding) is a 400, not a 500',
    async (path) => {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(400);
    },
  );

  it('a client route is answered with the app', async () => {
    const response = await fetch(`${url}/app/accounts`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
  });
});
