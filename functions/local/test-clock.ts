import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The twin's test clock: moves "now" for ONE family's subscription rules (days left, banners, expiry, the
 * paid-access check), so a journey can see day 12 of a trial, or its end, without editing rows and without
 * moving the clock of anything else (tokens, sign-in links, the pipeline, other families). Twin only, in memory
 * (a restart puts every family back on the real clock):
 *   POST /local/clock { "family_id": "...", "advance_days": 12 }   moves that family's clock on by 12 days
 *   POST /local/clock { "family_id": "...", "offset_days": 0 }     sets the offset (0: the real clock)
 *   GET  /local/clock                                              every family's offset, in days
 */
const DAY_MS = 86_400_000;
/** How far a family's clock may be moved, either way: a century (a Date holds ±273,790 years; JSON any number). */
export const MAX_OFFSET_DAYS = 36_500;

export interface TestClock {
  /** "Now" for the family's subscription rules. */
  now(familyId: string): Date;
  route(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean>;
  /** Every family's offset now, in ms (for the twin's API workers, which keep a copy). */
  offsets(): Array<[string, number]>;
  /** Called after each change of a family's offset (0: back on the real clock), before the route answers. */
  onChange(listener: (familyId: string, offsetMs: number) => void): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function testClock(realNow: () => Date = () => new Date()): TestClock {
  const offsets = new Map<string, number>();
  const listeners: Array<(familyId: string, offsetMs: number) => void> = [];
  const describe = (familyId: string) => ({
    family_id: familyId,
    offset_days: (offsets.get(familyId) ?? 0) / DAY_MS,
    now: new Date(realNow().getTime() + (offsets.get(familyId) ?? 0)).toISOString(),
  });
  return {
    now: (familyId) => new Date(realNow().getTime() + (offsets.get(familyId) ?? 0)),
    offsets: () => [...offsets],
    onChange: (listener) => {
      listeners.push(listener);
    },
    async route(req, res, body) {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/local/clock') return false;
      if (req.method === 'GET') {
        sendJson(res, 200, { families: [...offsets.keys()].map(describe) });
        return true;
      }
      if (req.method !== 'POST') return false;
      let input: { family_id?: unknown; advance_days?: unknown; offset_days?: unknown };
      try {
        input = JSON.parse(body.toString('utf8') || '{}') as typeof input;
      } catch {
        sendJson(res, 400, { message: 'Send a JSON body: { "family_id": "...", "advance_days": 12 }.' });
        return true;
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) input = {};
      const familyId = input.family_id;
      const days = input.advance_days ?? input.offset_days;
      if (
        typeof familyId !== 'string' ||
        familyId === '' ||
        typeof days !== 'number' ||
        !Number.isFinite(days)
      ) {
        sendJson(res, 400, {
          message: 'family_id (a string) and advance_days or offset_days (a number) are required.',
        });
        return true;
      }
      const base = input.advance_days === undefined ? 0 : (offsets.get(familyId) ?? 0);
      const next = base + days * DAY_MS;
      if (Math.abs(next) > MAX_OFFSET_DAYS * DAY_MS) {
        sendJson(res, 400, {
          message: `A family's clock moves at most ${MAX_OFFSET_DAYS} days from the real one, either way.`,
        });
        return true;
      }
      if (next === 0) offsets.delete(familyId);
      else offsets.set(familyId, next);
      for (const listener of listeners) listener(familyId, next);
      sendJson(res, 200, describe(familyId));
      return true;
    },
  };
}
