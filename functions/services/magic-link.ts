import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { consumeLink, getLink, putLinkIfIntervalPassed } from '../adapters/dynamodb/magic-link-repository';
import {
  LINK_FRAGMENT_PARAM,
  LINK_PATH,
  MAGIC_LINK_MIN_INTERVAL_SECONDS,
  MAGIC_LINK_TTL_MINUTES,
} from '../contracts/auth';
import { isValidEmail } from '../domain/validation';
import { requireConfig } from '../shared/config';
import { TooManyRequestsError, ValidationError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { OutgoingMail, Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type MagicLinkDeps = Pick<Ports, 'now' | 'secrets' | 'mailer'>;

/**
 * Signed magic links (the design of aws-samples' amazon-cognito-passwordless-auth, with an HMAC key from
 * Secrets Manager instead of KMS): a link carries `base64url(payload).base64url(HMAC-SHA256(key, payload))`
 * where the payload names the address, the app client and the expiry (15 min) and holds a random nonce.
 * Only the SHA-256 of the token is stored, one per address, so a newer link replaces the older one, and
 * verifying removes it (single use). Links are bound to the e-mail address (the user's username attribute)
 * and to the app client they were requested through.
 */
export const MAGIC_LINK_TTL_MS = MAGIC_LINK_TTL_MINUTES * 60 * 1000;
export const MIN_INTERVAL_MS = MAGIC_LINK_MIN_INTERVAL_SECONDS * 1000;

interface LinkPayload {
  /** e-mail address, lower case */
  e: string;
  /** app client id */
  c: string;
  /** expiry, epoch seconds */
  x: number;
  /** nonce */
  n: string;
}

/**
 * Why sign-up was refused, as the client sees it: one answer for every problem with the link (none, forged,
 * expired, another address's or app's, used), so that nothing in it tells what was wrong or whom it was for.
 */
export const SIGN_UP_REFUSED = 'invalid_link: the sign-in link is not valid';

export type LinkProblem = 'malformed' | 'bad_signature' | 'expired' | 'wrong_user' | 'wrong_client' | 'used';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function mac(key: string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

export function signToken(key: string, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The payload of a token whose signature is the key's; a reason otherwise. Expiry is checked by the caller. */
export function readToken(key: string, token: string): LinkPayload | 'malformed' | 'bad_signature' {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 1024) return 'malformed';
  const [body, signature] = parts as [string, string];
  const expected = mac(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<LinkPayload>;
    if (
      typeof payload.e !== 'string' ||
      typeof payload.c !== 'string' ||
      typeof payload.x !== 'number' ||
      typeof payload.n !== 'string'
    )
      return 'malformed';
    return payload as LinkPayload;
  } catch {
    return 'malformed';
  }
}

export function linkUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}${LINK_PATH}#${LINK_FRAGMENT_PARAM}=${token}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sign-in e-mail: subject, plain text and HTML with a sign-in button, the link itself and its expiry. */
export function signInMail(to: string, link: string, expiresAt: Date): OutgoingMail {
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(expiresAt);
  const expiry = `This link expires in ${MAGIC_LINK_TTL_MINUTES} minutes (at ${time} UK time) and works once.`;
  const text = [
    'Sign in to Family Finance',
    '',
    'Open this link to sign in:',
    link,
    '',
    expiry,
    "If you didn't ask to sign in, you can ignore this e-mail: nobody can sign in without the link.",
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en-GB">
  <body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#15302f">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <h1 style="font-size:22px;margin:0 0 16px">Sign in to Family Finance</h1>
        <p style="margin:0 0 24px;line-height:1.5">Press the button to sign in. ${escapeHtml(expiry)}</p>
        <p style="margin:0 0 24px"><a href="${safeLink}" style="display:inline-block;background:#0f3d3e;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">Sign in to Family Finance</a></p>
        <p style="margin:0 0 8px;font-size:14px;line-height:1.5">If the button does not work, copy this link into your browser:</p>
        <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${safeLink}" style="color:#0f3d3e">${safeLink}</a></p>
        <p style="margin:0;font-size:13px;color:#4d6463;line-height:1.5">If you didn't ask to sign in, you can ignore this e-mail: nobody can sign in without the link.</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { to, subject: 'Your sign-in link', text, html, link };
}

/**
 * Creates a link for the address and e-mails it, unless one was sent less than 30 s ago ('rate_limit').
 * The same happens whether or not an account exists for the address: nothing in the outcome tells them apart.
 */
export async function sendMagicLink(
  deps: MagicLinkDeps,
  input: { email: string; clientId: string },
): Promise<void> {
  const email = normaliseEmail(input.email);
  if (!isValidEmail(email)) throw new ValidationError('invalid_email: this is not an e-mail address');
  const now = deps.now().getTime();
  const key = await deps.secrets.magicLinkKey();
  const expiresAt = now + MAGIC_LINK_TTL_MS;
  const token = signToken(key, {
    e: email,
    c: input.clientId,
    x: Math.floor(expiresAt / 1000),
    n: randomBytes(16).toString('base64url'),
  });
  const stored = await putLinkIfIntervalPassed({
    email,
    linkHash: hashToken(token),
    expiresAt,
    now,
    minIntervalMs: MIN_INTERVAL_MS,
  });
  if (!stored) {
    throw new TooManyRequestsError(
      `rate_limit: a sign-in link was sent to this address less than ${MAGIC_LINK_MIN_INTERVAL_SECONDS} seconds ago`,
    );
  }
  await deps.mailer.send(signInMail(email, linkUrl(requireConfig('APP_URL'), token), new Date(expiresAt)));
  logger.info('sign-in link sent');
}

/** Checks a link for an address and client without using it up (the pre-sign-up trigger). */
export async function checkMagicLink(
  deps: MagicLinkDeps,
  input: {
    token: string;
    email: string;
    clientId: string;
  },
): Promise<{ ok: true; linkHash: string } | { ok: false; problem: LinkProblem }> {
  const key = await deps.secrets.magicLinkKey();
  const payload = readToken(key, input.token);
  if (typeof payload === 'string') return { ok: false, problem: payload };
  const now = deps.now().getTime();
  if (payload.x * 1000 <= now) return { ok: false, problem: 'expired' };
  if (payload.e !== normaliseEmail(input.email)) return { ok: false, problem: 'wrong_user' };
  if (payload.c !== input.clientId) return { ok: false, problem: 'wrong_client' };
  const linkHash = hashToken(input.token);
  const current = await getLink(payload.e);
  if (current?.linkHash !== linkHash || (current.expiresAt ?? 0) <= now)
    return { ok: false, problem: 'used' };
  return { ok: true, linkHash };
}

/** Verifies a link for an address and client and uses it up: true exactly once per valid link. */
export async function redeemMagicLink(
  deps: MagicLinkDeps,
  input: {
    token: string;
    email: string;
    clientId: string;
  },
): Promise<boolean> {
  const checked = await checkMagicLink(deps, input);
  if (!checked.ok) {
    logger.info('sign-in link refused', { problem: checked.problem });
    return false;
  }
  const used = await consumeLink(normaliseEmail(input.email), checked.linkHash, deps.now().getTime());
  if (!used) logger.info('sign-in link refused', { problem: 'used' });
  return used;
}
