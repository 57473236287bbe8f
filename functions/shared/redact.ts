import { createHash } from 'node:crypto';
import { LINK_FRAGMENT_PARAM } from '../contracts/auth';

/**
 * What never reaches a log in AWS: e-mail addresses (replaced by a short hash, so one address's lines can
 * still be followed), sign-in links, tokens (JWTs, the links' signed tokens, bearer credentials), and
 * whatever a statement or a message says (descriptions, text, bodies). Applied by the logger's formatter to
 * every line (functions/shared/logger.ts), whatever a call site passes, including errors from other services
 * (SES names the refused address in its message) and Lambda events.
 */
const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** A URL carrying a sign-in link's token. */
const SIGN_IN_LINK = new RegExp(`\\S*[#?&]${LINK_FRAGMENT_PARAM}=\\S*`, 'g');
/** JWTs and the links' tokens: base64url JSON (`eyJ`...) with a signature part. */
const TOKEN = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?/g;
const BEARER = /\b(Bearer)\s+[^\s"',]+/gi;

/** Attributes whose whole value is withheld: credentials, addresses, message and statement contents. */
const WITHHELD_KEYS =
  /^(authorization|cookies?|x-amz-security-token|password|secret\w*|\w*token|\w*answer|link|magic_?link|e-?mails?|to|username|body|text|html|subject|description|descriptions|blocks|statement|transactions|rows|privatechallengeparameters|validationdata|clientmetadata|userattributes)$/i;

export const WITHHELD = '[withheld]';

/** An e-mail address as logs may show it: a stable short hash, never the address. */
export function hashEmail(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12);
  return `<email:${digest}>`;
}

export function redactText(text: string): string {
  return text
    .replace(SIGN_IN_LINK, '<sign-in link>')
    .replace(TOKEN, '<token>')
    .replace(BEARER, '$1 <token>')
    .replace(EMAIL, (email) => hashEmail(email));
}

/** A copy of `value` safe to log: sensitive keys withheld, every string redacted. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return WITHHELD;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) {
    return redact({ name: value.name, message: value.message, stack: value.stack }, depth);
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = WITHHELD_KEYS.test(key) && v !== undefined && v !== null ? WITHHELD : redact(v, depth + 1);
  }
  return out;
}
