import { bedrockClassifier } from '../adapters/bedrock/bedrock-client';
import { tableProbe } from '../adapters/dynamodb/health';
import { secretString } from '../adapters/secrets/secrets-manager';
import { sesMailer } from '../adapters/ses/mailer';
import { type PipelineStarter, stepFunctionsStarter } from '../adapters/sfn/pipeline-starter';
import type { CollectResult } from '../adapters/textract/blocks';
import { getTextDetection, startTextDetection } from '../adapters/textract/textract-client';
import type { AiPromptInput } from '../domain/ai-result';
import type { AiClassificationResult } from '../domain/types';
import { config, requireConfig } from './config';

/**
 * The composition root: the one place that decides which adapter serves each port, by mode.
 *  aws   -> AWS SDK adapters (DynamoDB, S3, Step Functions, SES, Textract, Bedrock)
 *  local -> the same SDK adapters pointed at the twin's emulators, plus in-process stand-ins the twin
 *           registers for what has no emulator (pipeline runner, mail outbox, health probes)
 * Handlers ask `services()` for what they need and never construct clients themselves.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Secrets the functions use: in AWS from Secrets Manager; the twin registers a key kept under .data/. */
export interface Secrets {
  /** The HMAC key that signs sign-in links (MAGIC_LINK_SECRET_NAME in AWS). */
  magicLinkKey(): Promise<string>;
}

/**
 * Reading scanned statements (PDFs without a text layer): Textract's asynchronous text detection in AWS.
 * Local mode: the twin registers its LOCAL STAND-IN, OCR in-process (functions/adapters/ocr: never imported
 * here, so no Lambda bundle carries it); without the twin, none (a scan fails with a clear message).
 * Tests register a recorded stand-in.
 */
export interface TextRecognition {
  /** Starts reading s3://bucket/key; the same token starts one job, so a retried step does no harm. */
  start(location: { bucket: string; key: string; token: string }): Promise<string>;
  /** The job's blocks, or `in_progress` while it is still reading. */
  result(jobId: string): Promise<CollectResult>;
}

const textract: TextRecognition = {
  start: ({ bucket, key, token }) => startTextDetection({ bucket, key, clientRequestToken: token }),
  result: getTextDetection,
};

/** One transaction put to the AI (spec 2 §7), with its direction when known (signed_amount, else type). */
export interface AiClassificationItem extends AiPromptInput {
  direction?: 'in' | 'out' | null;
}

/**
 * AI classification (spec 2 §7): Bedrock in AWS when BEDROCK_MODEL_ID is set; none (null) in the twin,
 * where classification uses learned patterns and the rule table only. Tests register a fake.
 */
export interface AiClassifier {
  /** Items the classifier answers in one model call; callers send batches of this size. */
  readonly batchSize: number;
  /** One entry per item, in order: the validated result, or null where it failed. Never rejects. */
  classify(items: readonly AiClassificationItem[]): Promise<Array<AiClassificationResult | null>>;
}

export type PartState = 'ok' | 'starting' | 'error';
export interface HealthProbe {
  name: string;
  check(): Promise<{ state: PartState; detail?: string }>;
}

export interface Services {
  pipeline: PipelineStarter;
  mailer: Mailer;
  secrets: Secrets;
  probes: HealthProbe[];
  aiClassifier: AiClassifier | null;
  textRecognition: TextRecognition | null;
  now: () => Date;
}

let overrides: Partial<Services> = {};

/** The local twin (and tests) register stand-ins for ports that have no emulator. */
export function registerServices(services: Partial<Services>): void {
  overrides = { ...overrides, ...services };
}

export function clearRegisteredServices(): void {
  overrides = {};
}

const unconfiguredMailer: Mailer = {
  async send() {
    throw new Error('No mailer is configured for this mode');
  },
};

const unconfiguredSecrets: Secrets = {
  async magicLinkKey() {
    throw new Error('No magic-link secret is registered for this mode');
  },
};

const secretsManagerSecrets: Secrets = {
  magicLinkKey: () => secretString(requireConfig('MAGIC_LINK_SECRET_NAME')),
};

export function services(): Services {
  const { APP_MODE, BEDROCK_MODEL_ID } = config();
  const aws = APP_MODE === 'aws';
  const defaults: Services = {
    pipeline: stepFunctionsStarter,
    mailer: aws ? sesMailer : unconfiguredMailer,
    secrets: aws ? secretsManagerSecrets : unconfiguredSecrets,
    probes: [tableProbe],
    aiClassifier: aws && BEDROCK_MODEL_ID ? bedrockClassifier(BEDROCK_MODEL_ID) : null,
    textRecognition: aws ? textract : null,
    now: () => new Date(),
  };
  return { ...defaults, ...overrides };
}
