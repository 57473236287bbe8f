import { z } from 'zod';
import { ConfigError } from './errors';

/**
 * Configuration, read from the environment once and validated. Each handler asks only for what it needs
 * (`requireConfig('TABLE_NAME')`), so a missing variable fails fast with its name, at cold start.
 */
const schema = z.object({
  /** aws: real services; local: the local twin's emulators (endpoints below); memory: tests without I/O. */
  APP_MODE: z.enum(['aws', 'local', 'memory']).default('aws'),
  STAGE: z.string().min(1).default('dev'),
  AWS_REGION: z.string().min(1).default('eu-west-2'),
  TABLE_NAME: z.string().min(1).optional(),
  UPLOAD_BUCKET: z.string().min(1).optional(),
  STATE_MACHINE_ARN: z.string().min(1).optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  APP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAGIC_LINK_SECRET_NAME: z.string().min(1).optional(),
  BEDROCK_MODEL_ID: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  /** Local twin only: emulator endpoints. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
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
