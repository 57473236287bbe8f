import type { IncomingMessage, ServerResponse } from 'node:http';
import { services } from '../app/container';
import { flagFamilyOf, OPERATOR_FLAGS, type OperatorFlag } from '../services/subscription';

/**
 * The operator's subscription command inside a running twin (its table is the twin's, and only the twin
 * may open it): POST /local/subscription/flag { "email": "...", "flag": "team" | "early", "value": true }.
 * `npm run subscription -- flag <email> team|early` calls it when a twin runs on PORT.
 */
function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function operatorRoute(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
): Promise<boolean> {
  if ((req.url ?? '').split('?')[0] !== '/local/subscription/flag' || req.method !== 'POST') return false;
  let input: { email?: unknown; flag?: unknown; value?: unknown } = {};
  try {
    input = JSON.parse(body.toString('utf8') || '{}') as typeof input;
  } catch {
    sendJson(res, 400, { message: 'Send a JSON body: { "email": "...", "flag": "team" }.' });
    return true;
  }
  const { email, flag, value = true } = input;
  if (
    typeof email !== 'string' ||
    typeof flag !== 'string' ||
    !(flag in OPERATOR_FLAGS) ||
    typeof value !== 'boolean'
  ) {
    sendJson(res, 400, { message: "email (a string) and flag ('team' or 'early') are required." });
    return true;
  }
  try {
    sendJson(res, 200, await flagFamilyOf(services(), email, flag as OperatorFlag, value));
  } catch (error) {
    sendJson(res, 404, { message: (error as Error).message });
  }
  return true;
}
