import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '../../shared/config';

/**
 * Secrets Manager GetSecretValue, cached per container for five minutes (a rotated key reaches every
 * container within that time). The client is module-scoped; @aws-sdk/* comes from the Lambda runtime.
 */
const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: string; until: number }>();
let client: SecretsManagerClient | undefined;

async function fetchSecret(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({ region: config().AWS_REGION });
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }), {
    abortSignal: AbortSignal.timeout(5000),
  });
  if (typeof out.SecretString !== 'string') throw new Error(`Secret ${secretId} has no SecretString`);
  return out.SecretString;
}

export async function secretString(secretId: string, now = Date.now()): Promise<string> {
  const hit = cache.get(secretId);
  if (hit && hit.until > now) return hit.value;
  const value = await fetchSecret(secretId);
  cache.set(secretId, { value, until: now + CACHE_MS });
  return value;
}
