import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { services } from '../../../functions/app/container';

/**
 * Which payments the billing function uses (functions/services/billing.ts): a registered one (the twin's
 * stand-in) first; in AWS the Stripe keys from Secrets Manager, none while the deployment's secret is still
 * empty ('Stripe not configured'); a twin given keys in its environment uses real Stripe.
 */
const secret = vi.hoisted(() => ({ value: '', reads: [] as string[] }));
vi.mock('../../../functions/adapters/secrets/secrets-manager', () => ({
  secretString: async (name: string) => {
    secret.reads.push(name);
    return secret.value;
  },
}));

const KEYS = [
  'STRIPE_SECRET_NAME',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_ID',
  'APP_MODE',
];
let saved: Record<string, string | undefined>;

beforeEach(async () => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  for (const k of KEYS) delete process.env[k];
  secret.reads.length = 0;
  const { resetConfig } = await import('../../../functions/shared/config');
  const { clearRegisteredServices } = await import('../../../functions/app/container');
  resetConfig();
  clearRegisteredServices();
});
afterEach(async () => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  (await import('../../../functions/shared/config')).resetConfig();
});

async function provider() {
  const { billingProvider } = await import('../../../functions/services/billing');
  return billingProvider(services());
}

describe('billingProvider', () => {
  it('is null without keys anywhere (checkout answers Stripe not configured)', async () => {
    expect(await provider()).toBeNull();
  });

  it("is null while the deployment's secret holds the empty keys it was created with", async () => {
    process.env.STRIPE_SECRET_NAME = 'family-finance/dev/stripe';
    secret.value = JSON.stringify({ secret_key: '', webhook_secret: '', price_id: '', unused: 'x' });
    expect(await provider()).toBeNull();
    expect(secret.reads).toEqual(['family-finance/dev/stripe']);
  });

  it('is Stripe once the operator put keys in the secret', async () => {
    process.env.STRIPE_SECRET_NAME = 'family-finance/dev/stripe';
    secret.value = JSON.stringify({ secret_key: 'sk_test_123', webhook_secret: 'whsec_123' });
    expect((await provider())?.kind).toBe('stripe');
  });

  it('is null, not a crash, when the secret is not JSON', async () => {
    process.env.STRIPE_SECRET_NAME = 'family-finance/dev/stripe';
    secret.value = 'sk_test_123';
    expect(await provider()).toBeNull();
  });

  it('is Stripe from the environment on a twin given a test key', async () => {
    process.env.APP_MODE = 'local';
    process.env.STRIPE_SECRET_KEY = 'sk_test_123';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_123';
    expect((await provider())?.kind).toBe('stripe');
  });

  it('prefers a registered one (the twin stand-in)', async () => {
    const { registerServices } = await import('../../../functions/app/container');
    process.env.STRIPE_SECRET_NAME = 'family-finance/dev/stripe';
    registerServices({
      billing: async () => ({
        kind: 'local',
        createCheckoutSession: async () => ({ id: 'x', url: null }),
        createPortalSession: async () => ({ url: null }),
        readWebhook: async () => {
          throw new Error('unused');
        },
      }),
    });
    expect((await provider())?.kind).toBe('local');
    expect(secret.reads).toEqual([]);
  });
});
