import { describe, expect, it } from 'vitest';
import { checkLocalRequest, isLoopback } from '../../../functions/local/local-guard';

/** The twin's /local/ endpoints are for the developer on this machine: loopback peers, its own pages, JSON. */
const PORT = 3000;
const request = (overrides: {
  remoteAddress?: string;
  method?: string;
  headers?: Record<string, string>;
}) => ({
  method: overrides.method ?? 'GET',
  headers: { host: `localhost:${PORT}`, ...overrides.headers },
  socket: { remoteAddress: overrides.remoteAddress ?? '127.0.0.1' },
});

describe('the /local/ guard', () => {
  it('knows loopback peers (IPv4, IPv6 and IPv4-mapped) from others', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true);
    for (const address of ['192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20', 'fe80::1', '', undefined])
      expect(isLoopback(address)).toBe(false);
  });

  it('refuses a peer on the network, even when the twin is bound to every interface', () => {
    expect(checkLocalRequest(request({ remoteAddress: '192.168.1.20' }), PORT)).toEqual({
      status: 403,
      message: "The twin's /local/ endpoints answer only on this machine.",
    });
  });

  it('takes reads at the twin’s own names only', () => {
    expect(checkLocalRequest(request({}), PORT)).toBeNull();
    expect(checkLocalRequest(request({ headers: { host: `127.0.0.1:${PORT}` } }), PORT)).toBeNull();
    expect(checkLocalRequest(request({ headers: { host: `attacker.example:${PORT}` } }), PORT)?.status).toBe(
      403,
    );
  });

  it('takes writes with a JSON body from the twin’s pages or with no Origin', () => {
    const json = { 'content-type': 'application/json' };
    expect(checkLocalRequest(request({ method: 'POST', headers: json }), PORT)).toBeNull();
    expect(
      checkLocalRequest(
        request({ method: 'POST', headers: { ...json, origin: `http://localhost:${PORT}` } }),
        PORT,
      ),
    ).toBeNull();
    expect(
      checkLocalRequest(
        request({ method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1; charset=utf-8' } }),
        PORT,
      ),
    ).toBeNull();
    expect(
      checkLocalRequest(
        request({ method: 'POST', headers: { ...json, origin: 'https://evil.example' } }),
        PORT,
      )?.status,
    ).toBe(403);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', ''])
      expect(
        checkLocalRequest(request({ method: 'POST', headers: { 'content-type': type } }), PORT)?.status,
      ).toBe(415);
  });
});
