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
import { config, requireConfig } from '../shared/config';
import { ServiceUnavailableError } from '../shared/errors';
import type { JobStarter, Mailer, Ports, Secrets, TextRecognition } from '../shared/ports';

/**
 * The composition root: the one place that decides which adapter serves each port (../shared/ports.ts), by mode.
 *  aws   -> AWS SDK adapters (DynamoDB, S3, Step Functions, SES, Textract, Bedrock)
 *  local -> the same SDK adapters pointed at the twin's emulators, plus in-process stand-ins the twin
 *           registers for what has no emulator (pipeline runner, mail outbox, health probes)
 * Handlers (and the twin) ask `services()` for the ports and hand each service the ones it names in its
 * signature; no service below this folder imports this file. Nothing else constructs clients.
 */
const textract: TextRecognition = {
  start: ({ bucket, key, token }) => startTextDetection({ bucket, key, clientRequestToken: token }),
  result: getTextDetection,
};

/** Every port, as the root composes them: services take the ones they need (`Pick<Ports, ...>`). */
export type Services = Ports;

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
    pageImages: null,
    textLayer: null,
    keptText: null,
    now: () => new Date(),
    billing: null,
    subscriptionClock: null,
  };
  return { ...defaults, ...overrides };
}
