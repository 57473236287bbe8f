import type { AccountIdentity } from '../domain/account-numbers';
import type { AiPromptInput } from '../domain/ai-result';
import type { Intent } from '../domain/assistant/intents';
import type { AssistantResult, UsedTransaction } from '../domain/assistant/queries';
import type { BillingEvent } from '../domain/billing';
import type { ParsedStatement, ReadFailureReason } from '../domain/statement';
import type { Block } from '../domain/statement/blocks';
import type { PdfFailureReason } from '../domain/statement-failures';
import type { AiClassificationResult, LearnedPattern } from '../domain/types';

/**
 * The ports: what the use cases need from the outside world, as interfaces. Adapters (functions/adapters/)
 * implement them and import only this module; the composition root (./container.ts) picks an adapter for each
 * by mode. Nothing here imports an adapter or the container, so neither depends on the other through a port.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

/** E-mail: SES in AWS; the twin's outbox locally. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Secrets the functions use: in AWS from Secrets Manager; the twin registers a key kept under .data/. */
export interface Secrets {
  /** The HMAC key that signs sign-in links (MAGIC_LINK_SECRET_NAME in AWS). */
  magicLinkKey(): Promise<string>;
}

/** What reading a scanned statement gives: its blocks, or why not (still reading, failed, no text). */
export type TextRecognitionResult =
  | { ok: true; blocks: Block[]; pages: number; warnings: string[] }
  | { ok: false; reason: 'in_progress' | 'failed' | 'no_text'; message: string };

/**
 * Reading scanned statements (PDFs without a text layer): Textract's asynchronous text detection in AWS.
 * On the twin, its LOCAL STAND-IN: OCR in-process (functions/adapters/ocr, registered by the twin and never
 * imported by the composition root, so no Lambda bundle carries it). Without either (null), a scan fails with a
 * clear message. Tests register a recorded stand-in.
 */
export interface TextRecognition {
  /** Starts reading s3://bucket/key; the same token starts one job, so a retried step does no harm. */
  start(location: { bucket: string; key: string; token: string }): Promise<string>;
  /** The job's blocks, or `in_progress` while it is still reading. */
  result(jobId: string): Promise<TextRecognitionResult>;
}

/**
 * A statement's page drawn as an image, for the family's check of what was read (Check Statement): pdf.js on
 * @napi-rs/canvas (functions/adapters/ocr/page-images.ts). Only the function that draws pages composes it
 * (functions/app/page-drawing.ts; the twin registers its PDF process's): null in every other function.
 */
export interface PageImages {
  /** Page `page` (1-based) of a PDF as a PNG, or null when the PDF has no such page or cannot be opened. */
  render(
    pdf: Uint8Array,
    page: number,
  ): Promise<{ pages: number; width: number; height: number; png: Uint8Array } | null>;
}

/**
 * What reading a PDF's text layer gives: its blocks, or already the bytes Parse reads them from (`kept`, the
 * `blocks.json` working file, as the twin's PDF process gives them, so that the twin's API process never holds
 * every word), or why not (the family-facing message).
 */
export type TextLayerReading =
  | { ok: true; blocks: Block[]; pages: number; unreadablePages?: number[] }
  | { ok: true; kept: Uint8Array; pages: number; unreadablePages?: number[] }
  | { ok: false; reason: PdfFailureReason | 'no_text_layer'; message: string };

/**
 * Reading a statement PDF's text layer with pdf.js. Null: in the function's own process (AWS, where one
 * Lambda invocation reads one statement). The twin registers a child process (functions/local/pdf-process.ts),
 * so that a long or hostile PDF never stalls the API the twin's own process serves.
 */
export type TextLayerReader = (
  bytes: Uint8Array,
  options: { maxBytes?: number },
) => Promise<TextLayerReading>;

/** A PDF's kept text read as a statement (functions/services/pipeline/kept-text.ts), or why not. */
export type KeptTextReading =
  | {
      ok: true;
      statement: ParsedStatement;
      source: 'text-layer' | 'textract' | 'export';
      warnings: string[];
      identity: AccountIdentity;
    }
  | { ok: false; reason: ReadFailureReason | 'too_large_to_read'; message: string };

/**
 * Reading a PDF's kept text as a statement, for Parse. Null: in the step's own process (AWS). The twin
 * registers its PDF process, where a text of hundreds of thousands of words is read without stalling the API.
 */
export type KeptTextReader = (
  bytes: Uint8Array,
  options: { referenceDate: string; accountType: string | null },
) => Promise<KeptTextReading>;

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

/**
 * What the family taught the product, for a classifier that can use it (the twin's local stand-in): its
 * learned patterns and the rows it corrected. Bedrock is sent none of it (spec 2 §7: the row and its account).
 */
export interface FamilyEvidence {
  patterns: readonly LearnedPattern[];
  corrected: ReadonlyArray<{
    id?: string;
    description: string;
    amount: number;
    user_corrected_flow_type: string | null;
  }>;
}

/** The AI classifier the review job uses, and which it is (shown on the screen). */
export interface ReviewClassifier extends AiClassifier {
  readonly label: 'bedrock' | 'local';
}

/**
 * The classifier of Smart Transaction Review's job, made for one family: Bedrock in AWS (BEDROCK_MODEL_ID);
 * on the twin, the LOCAL stand-in (functions/adapters/local-classifier), which answers from the merchant
 * dictionary, the family's learned patterns and its corrected rows. Tests register a fake.
 */
export type ReviewClassifierFactory = (evidence: FamilyEvidence) => ReviewClassifier;

/**
 * Runs a family's classification job in the background: the twin's in-process runner locally; an asynchronous
 * start in AWS. Starting a job that a worker already runs does no harm (the worker holds the job's lease).
 */
export interface JobStarter {
  startClassification(familyId: string, jobId: string): Promise<void>;
}

/** Starts the statement pipeline: Step Functions in AWS; the twin's runner locally. */
export interface PipelineStarter {
  /** Starts an execution named `name`; a second start with the same name starts nothing (started: false). */
  start(name: string, input: unknown): Promise<{ executionId: string; started: boolean }>;
}

/**
 * The uploads bucket: statements the browser PUTs with a presigned URL, and the pipeline's working files.
 * S3 in AWS; the same adapter pointed at the twin's S3 locally. `bucket` defaults to the uploads bucket.
 */
export interface Storage {
  presignPut(input: {
    key: string;
    contentType: string;
    contentLength: number;
    expiresInSeconds: number;
  }): Promise<string>;
  getObjectBytes(key: string, bucket?: string): Promise<Uint8Array>;
  /** The bytes and the ETag of the version they are (to tell a statement replaced since its event). */
  getObject(key: string, bucket?: string): Promise<{ bytes: Uint8Array; etag: string }>;
  headObject(key: string, bucket?: string): Promise<{ size: number; etag: string; contentType: string }>;
  putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  /** Removes an object; a missing one is no error. */
  deleteObject(key: string): Promise<void>;
  /** Removes objects in one request (DeleteObjects, up to 1,000 keys); missing ones are no error. */
  deleteObjects(keys: readonly string[]): Promise<void>;
}

/** One part's state for GET /api/health. */
export type PartState = 'ok' | 'starting' | 'error';
export interface HealthProbe {
  name: string;
  check(): Promise<{ state: PartState; detail?: string }>;
}

/** What the assistant's model is given for one answer (spec 3 §7 "Assistant processing"). */
export interface AssistantPrompt {
  question: string;
  /** The figures computed in code: the model phrases them and may add none. */
  result: AssistantResult;
  /** The last 4 messages, each cut to 100 characters. */
  history: Array<{ role: 'user' | 'assistant'; content: string }>;
  /** At most 30 transactions (the enhanced sample). */
  sample: UsedTransaction[];
}

/**
 * The assistant's model: Bedrock (Converse) in AWS when ASSISTANT_MODEL_ID is set; none (null) on the twin,
 * where templates phrase every answer. Tests register a fake. Neither method rejects: null means "no answer".
 */
export interface AssistantModel {
  /** The reply's text, or null (call failed, no text). The caller checks its numbers. */
  phrase(prompt: AssistantPrompt): Promise<string | null>;
  /** An intent for a question the rules could not map, or null. */
  mapQuestion(question: string, today: string): Promise<Intent | null>;
}

/** A family's upgrade to the Pro plan: who pays, and where the provider's pages return the browser to. */
export interface CheckoutRequest {
  familyId: string;
  email: string;
  /** The family's customer at the provider, when it has paid before. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * Payments (spec 1 §1, §4 checkout): Stripe (functions/adapters/stripe/), with its keys from Secrets Manager in
 * AWS or the environment on the twin; on a twin without a Stripe key, the twin's LOCAL STAND-IN (a local
 * checkout page whose Pay sends Stripe-shaped events, signed with the library's test helper, to the same
 * webhook route). the `billing` port is null when neither is configured ('Stripe not configured').
 */
export interface Billing {
  /** 'stripe', or 'local' for the twin's stand-in. */
  readonly kind: string;
  /** A Checkout Session for the Pro plan (subscription mode); its url is null when the provider gives none. */
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string | null }>;
  /** A Customer Portal session, where a paying family updates its card or cancels. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string | null }>;
  /** The verified event of a webhook delivery; throws WebhookSignatureError when the signature is bad. */
  readWebhook(rawBody: string, signature: string | undefined): Promise<BillingEvent>;
}

/**
 * Every port a use case may need, in one record. The composition root (functions/app/container.ts) decides
 * which adapter serves each; a service names the ones it uses in its signature (`deps: Pick<Ports, 'now'>`)
 * and is handed them by its caller, so what a use case touches is visible where it is declared.
 */
export interface Ports {
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
  pageImages: PageImages | null;
  textLayer: TextLayerReader | null;
  keptText: KeptTextReader | null;
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
