import * as z from 'zod/mini';
import { ConfigError } from './errors';

/**
 * Configuration, read from the environment once and validated. Each handler asks only for what it needs
 * (`requireConfig('TABLE_NAME')`), so a missing variable fails fast with its name, at cold start.
 */
const schema = z.object({
  /** aws: real services; local: the local twin's emulators (endpoints below); memory: tests without I/O. */
  APP_MODE: z._default(z.enum(['aws', 'local', 'memory']), 'aws'),
  STAGE: z._default(z.string().check(z.minLength(1)), 'dev'),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'eu-west-2'),
  TABLE_NAME: z.optional(z.string().check(z.minLength(1))),
  UPLOAD_BUCKET: z.optional(z.string().check(z.minLength(1))),
  STATE_MACHINE_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The classification job's state machine (Smart Transaction Review), started by its route. */
  CLASSIFICATION_JOB_ARN: z.optional(z.string().check(z.minLength(1))),
  USER_POOL_ID: z.optional(z.string().check(z.minLength(1))),
  USER_POOL_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  APP_URL: z.optional(z.string().check(z.url())),
  MAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  MAGIC_LINK_SECRET_NAME: z.optional(z.string().check(z.minLength(1))),
  BEDROCK_MODEL_ID: z.optional(z.string().check(z.minLength(1))),
  /** The assistant's model (spec 3 §7: Sonnet-class), apart from the classifier's BEDROCK_MODEL_ID. */
  ASSISTANT_MODEL_ID: z.optional(z.string().check(z.minLength(1))),
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.minLength(1))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(1))),
  STRIPE_PRICE_ID: z.optional(z.string().check(z.minLength(1))),
  /** AWS: the Secrets Manager secret holding the Stripe keys (JSON: secret_key, webhook_secret, price_id). */
  STRIPE_SECRET_NAME: z.optional(z.string().check(z.minLength(1))),
  /** Local twin only: emulator endpoints. */
  DYNAMODB_ENDPOINT: z.optional(z.string().check(z.url())),
  S3_ENDPOINT: z.optional(z.string().check(z.url())),
  S3_PUBLIC_ENDPOINT: z.optional(z.string().check(z.url())),
});

export type Config = z.infer<typeof schema>;
type OptionalKey = { [K in keyof Config]-?: undefined extends Config[K] ? K : never }[keyof Config];

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(`Invalid configuration ${String(issue?.path[0])}: ${issue?.message}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The value of a variable the caller cannot work without; throws ConfigError naming it when missing. */
export function requireConfig<K extends OptionalKey>(key: K): NonNullable<Config[K]> {
  const value = config()[key];
  if (value === undefined || value === null || value === '') {
    throw new ConfigError(`Missing configuration: ${key} is not set`);
  }
  return value as NonNullable<Config[K]>;
}

/** Tests and the local twin change the environment; they call this to re-read it. */
export function resetConfig(): void {
  cached = undefined;
}
