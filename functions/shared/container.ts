import { bedrockAssistant } from '../adapters/bedrock/assistant-client';
import { bedrockClassifier } from '../adapters/bedrock/bedrock-client';
import { tableProbe } from '../adapters/dynamodb/health';
import { localReviewClassifier } from '../adapters/local-classifier';
import { s3Storage } from '../adapters/s3/storage';
import { secretString } from '../adapters/secrets/secrets-manager';
import { sesMailer } from '../adapters/ses/mailer';
import { stepFunctionsJobStarter } from '../adapters/sfn/job-starter';
import { stepFunctionsStarter } from '../adapters/sfn/pipeline-starter';
import { getTextDetection, startTextDetection } from '../adapters/textract/textract-client';
import { config, requireConfig } from './config';
import { ServiceUnavailableError } from './errors';
import type {
  AiClassifier,
  AssistantModel,
  Billing,
  HealthProbe,
  JobStarter,
  Mailer,
  PipelineStarter,
  ReviewClassifierFactory,
  Secrets,
  Storage,
  TextRecognition,
} from './ports';

/**
 * The composition root: the one place that decides which adapter serves each port (./ports.ts), by mode.
 *  aws   -> AWS SDK adapters (DynamoDB, S3, Step Functions, SES, Textract, Bedrock)
 *  local -> the same SDK adapters pointed at the twin's emulators, plus in-process stand-ins the twin
 *           registers for what has no emulator (pipeline runner, mail outbox, health probes)
 * Handlers ask `services()` for what they need and never construct clients themselves.
 */
const textract: TextRecognition = {
  start: ({ bucket, key, token }) => startTextDetection({ bucket, key, clientRequestToken: token }),
  result: getTextDetection,
};

export interface Services {
  pipeline: PipelineStarter;
  storage: Storage;
  mailer: Mailer;
  secrets: Secrets;
  probes: HealthProbe[];
  aiClassifier: AiClassifier | null;
  /** Smart Transaction Review's classifier: Bedrock in AWS, the local stand-in on the twin. */
  reviewClassifier: ReviewClassifierFactory | null;
  /** Runs review jobs in the background: the twin registers its in-process runner. */
  jobs: JobStarter;
  assistantModel: AssistantModel | null;
  textRecognition: TextRecognition | null;
  now: () => Date;
  /**
   * Payments, when something other than the configured Stripe account serves them: the twin's Stripe
   * stand-in, or a test's. Null: Stripe from its keys, composed in functions/services/billing.ts so that only
   * the billing function's bundle carries the stripe library.
   */
  billing: (() => Promise<Billing | null>) | null;
  /** The twin's test clock: "now" for one family's subscription rules (null: `now`). */
  subscriptionClock: ((familyId: string) => Date) | null;
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

const unconfiguredJobs: JobStarter = {
  async startClassification() {
    throw new ServiceUnavailableError('Transaction review jobs cannot be started in this deployment.');
  },
};

export function services(): Services {
  const { APP_MODE, BEDROCK_MODEL_ID, ASSISTANT_MODEL_ID } = config();
  const aws = APP_MODE === 'aws';
  const defaults: Services = {
    pipeline: stepFunctionsStarter,
    storage: s3Storage,
    mailer: aws ? sesMailer : unconfiguredMailer,
    secrets: aws ? secretsManagerSecrets : unconfiguredSecrets,
    probes: [tableProbe],
    aiClassifier: aws && BEDROCK_MODEL_ID ? bedrockClassifier(BEDROCK_MODEL_ID) : null,
    reviewClassifier:
      aws && BEDROCK_MODEL_ID
        ? () => ({ ...bedrockClassifier(BEDROCK_MODEL_ID), label: 'bedrock' })
        : APP_MODE === 'local'
          ? localReviewClassifier
          : null,
    jobs: aws ? stepFunctionsJobStarter : unconfiguredJobs,
    assistantModel: aws && ASSISTANT_MODEL_ID ? bedrockAssistant(ASSISTANT_MODEL_ID) : null,
    textRecognition: aws ? textract : null,
    now: () => new Date(),
    billing: null,
    subscriptionClock: null,
  };
  return { ...defaults, ...overrides };
}
