import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { config } from '../../shared/config';
import { signJsonPost } from './sigv4';

/**
 * Secrets Manager GetSecretValue, cached per container for five minutes (a rotated key reaches every
 * container within that time).
 *
 * Why not @aws-sdk/client-secrets-manager: it is not among the project's dependencies (and may not be added
 * here). This is the same JSON-1.1 call that client makes, SigV4-signed (./sigv4.ts) with the SDK's default
 * credential chain (the Lambda role). With the client in package.json, `fetchSecret` becomes
 * `client.send(new GetSecretValueCommand({ SecretId }))`.
 */
const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: string; until: number }>();
let credentials: ReturnType<typeof defaultProvider> | undefined;

async function fetchSecret(secretId: string): Promise<string> {
  const region = config().AWS_REGION;
  const hostname = `secretsmanager.${region}.amazonaws.com`;
  credentials ??= defaultProvider();
  const body = JSON.stringify({ SecretId: secretId });
  const headers = signJsonPost({
    service: 'secretsmanager',
    region,
    hostname,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body,
    credentials: await credentials(),
  });
  const response = await fetch(`https://${hostname}/`, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(5000),
  });
  const payload = (await response.json()) as { SecretString?: string; __type?: string; message?: string };
  if (!response.ok || typeof payload.SecretString !== 'string') {
    throw new Error(
      `GetSecretValue failed (${response.status} ${payload.__type ?? ''}): ${payload.message ?? 'no SecretString'}`,
    );
  }
  return payload.SecretString;
}

export async function secretString(secretId: string, now = Date.now()): Promise<string> {
  const hit = cache.get(secretId);
  if (hit && hit.until > now) return hit.value;
  const value = await fetchSecret(secretId);
  cache.set(secretId, { value, until: now + CACHE_MS });
  return value;
}
