import { Agent, createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall } from '../../bench/load';

let server: Server;
let url: string;
let connections = 0;
const seen: Array<{ method?: string; length?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        length: req.headers['content-length'],
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("the load bench's client", () => {
  it('answers each status and body, sends a body with its length, and keeps one connection for calls in turn', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const before = connections;
      const first = await httpCall(agent, `${url}/one`, { method: 'GET', headers: {} });
      expect(first).toEqual({ status: 200, text: '{"path":"/one"}' });
      expect((await httpCall(agent, `${url}/missing`, { method: 'GET', headers: {} })).status).toBe(404);
      const body = JSON.stringify({ name: 'Café' });
      await httpCall(agent, `${url}/post`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(seen.at(-1)).toEqual({ method: 'POST', length: String(Buffer.byteLength(body)), body });
      expect(connections - before).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
