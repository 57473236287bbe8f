import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

/**
 * The twin's token issuer: an RS256 key kept under .data/, published as a JWKS at the same path Cognito
 * uses ({issuer}/.well-known/jwks.json), and tokens shaped like Cognito's ID and access tokens.
 * `verifyLikeApiGateway` checks a token exactly as the HTTP API's JWT authorizer does.
 */
export const LOCAL_USER_POOL_ID = 'eu-west-2_LocalTwin';
export const LOCAL_CLIENT_ID = 'localtwinclient0000000000';

export interface LocalSigner {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
  sign(input: {
    sub: string;
    email: string;
    tokenUse: 'id' | 'access';
    expiresInSeconds?: number;
    authTime?: number;
    /** Extra claims, e.g. origin_jti (Cognito puts it in tokens it can revoke; Amplify revokes on sign-out). */
    claims?: JWTPayload;
  }): Promise<string>;
  verify(token: string): Promise<JWTPayload | null>;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function loadOrCreate(path: string): Promise<StoredKey> {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as StoredKey;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const stored: StoredKey = {
    kid,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(stored), { mode: 0o600 });
  return stored;
}

/** Verified tokens the twin remembers (about 1 KB each), so a session's requests skip the RSA check. */
const VERIFIED_TOKENS_KEPT = 1000;

/** What jwtVerify checks of the time, checked again at each use of a remembered token (no clock tolerance). */
function stillValid(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  return (
    typeof payload.exp === 'number' && now < payload.exp && (payload.nbf === undefined || payload.nbf <= now)
  );
}

export async function createLocalSigner(options: { keyPath: string; origin: string }): Promise<LocalSigner> {
  const stored = await loadOrCreate(options.keyPath);
  const privateKey = await importJWK(stored.privateJwk, 'RS256');
  const issuer = `${options.origin}/local/cognito/${LOCAL_USER_POOL_ID}`;
  const jwks = { keys: [stored.publicJwk] };
  const keySet = createLocalJWKSet(jwks);
  const verified = new Map<string, JWTPayload>();
  const remember = (token: string, payload: JWTPayload) => {
    if (typeof payload.exp !== 'number') return;
    // The oldest first out: a Map keeps its insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, payload);
  };
  return {
    issuer,
    audience: LOCAL_CLIENT_ID,
    jwks,
    async sign({ sub, email, tokenUse, expiresInSeconds = 3600, authTime, claims: extra }) {
      const now = Math.floor(Date.now() / 1000);
      const claims: JWTPayload =
        tokenUse === 'id'
          ? {
              email,
              email_verified: true,
              'cognito:username': sub,
              aud: LOCAL_CLIENT_ID,
              token_use: 'id',
              auth_time: authTime ?? now,
            }
          : {
              client_id: LOCAL_CLIENT_ID,
              token_use: 'access',
              scope: 'aws.cognito.signin.user.admin',
              username: sub,
              auth_time: authTime ?? now,
            };
      return new SignJWT({ ...extra, ...claims, jti: randomUUID() })
        .setProtectedHeader({ alg: 'RS256', kid: stored.kid })
        .setSubject(sub)
        .setIssuer(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      // A token already verified is accepted again only while it is unexpired (its signature, issuer and
      // audience cannot change): the RSA check is the same for every request of a session.
      const known = verified.get(token);
      if (known) {
        if (stillValid(known)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, keySet, { issuer, algorithms: ['RS256'] });
        // API Gateway accepts the audience in `aud` (ID tokens) or `client_id` (access tokens).
        const aud = Array.isArray(payload.aud) ? payload.aud : payload.aud ? [payload.aud] : [];
        if (!aud.includes(LOCAL_CLIENT_ID) && payload.client_id !== LOCAL_CLIENT_ID) return null;
        remember(token, payload);
        return payload;
      } catch {
        return null;
      }
    },
  };
}
