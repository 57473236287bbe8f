import { type App, Aws, RemovalPolicy } from 'aws-cdk-lib';

/**
 * Deployment settings, read once from the CDK context (`-c key=value` or cdk.json) and handed to every stack.
 *
 *   stage           dev (default) | prod | any short lowercase name; prod retains data and protects it from deletion
 *   mailFrom        the SES identity magic links are sent from: an address or a domain (default no-reply@example.com)
 *   domainName      optional custom domain of the SPA (with certificateArn, an ACM certificate in us-east-1)
 *   appUrl          optional public URL of the SPA (default https://{domainName} when a domain is set)
 *   bedrockModelId  model the classifier calls (default Claude 3 Haiku, on demand in eu-west-2)
 *   assistantModelId  model the assistant words its answers with (default a Sonnet-class model: Claude 3.7
 *                   Sonnet through the EU cross-region inference profile; spec 3 §7)
 *
 * Why appUrl is context and not the CloudFront domain: the web stack needs the user pool and the API to exist
 * first (config.json, the /api/* origin), so the functions of those stacks cannot reference the distribution.
 * Without a custom domain, deploy once and redeploy with `-c appUrl=https://<WebUrl output>`; until then
 * functions that need APP_URL (magic links) fail fast with "Missing configuration: APP_URL".
 */
export interface AppSettings {
  stage: string;
  prod: boolean;
  account: string | undefined;
  region: string;
  mailFrom: string;
  appUrl: string | undefined;
  domainName: string | undefined;
  certificateArn: string | undefined;
  bedrockModelId: string;
  assistantModelId: string;
  /** Physical names fixed up front so that stacks can refer to each other without circular references. */
  names: {
    uploadsBucket: string;
    stateMachine: string;
    classificationJob: string;
    magicLinkSecret: string;
    stripeSecret: string;
  };
}

export const DEFAULT_REGION = 'eu-west-2';
export const DEFAULT_MAIL_FROM = 'no-reply@example.com';
export const DEFAULT_BEDROCK_MODEL_ID = 'anthropic.claude-3-haiku-20240307-v1:0';
export const DEFAULT_ASSISTANT_MODEL_ID = 'eu.anthropic.claude-3-7-sonnet-20250219-v1:0';

/** Lowercase and short: the stage is part of S3 bucket names (3-63 chars, no '_'). */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,14}$/;

function context(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function readSettings(app: App): AppSettings {
  const stage = context(app, 'stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `Invalid stage '${stage}': use 1-15 lowercase letters, digits or '-', starting with a letter`,
    );
  }
  const domainName = context(app, 'domainName');
  const certificateArn = context(app, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Set both domainName and certificateArn (an ACM certificate in us-east-1), or neither');
  }
  const appUrl = context(app, 'appUrl') ?? (domainName ? `https://${domainName}` : undefined);
  if (appUrl && !/^https?:\/\/[^/]+$/.test(appUrl)) {
    throw new Error(`Invalid appUrl '${appUrl}': an origin such as https://money.example.co.uk, no path`);
  }
  return {
    stage,
    prod: stage === 'prod',
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    mailFrom: context(app, 'mailFrom') ?? DEFAULT_MAIL_FROM,
    appUrl,
    domainName,
    certificateArn,
    bedrockModelId: context(app, 'bedrockModelId') ?? DEFAULT_BEDROCK_MODEL_ID,
    assistantModelId: context(app, 'assistantModelId') ?? DEFAULT_ASSISTANT_MODEL_ID,
    names: {
      // Account and region keep the global bucket name unique; both resolve in whichever stack uses the name.
      uploadsBucket: `family-finance-${stage}-pdfs-${Aws.ACCOUNT_ID}-${Aws.REGION}`,
      stateMachine: `family-finance-${stage}-statement-pipeline`,
      classificationJob: `family-finance-${stage}-classification-job`,
      magicLinkSecret: `family-finance/${stage}/magic-link-signing-key`,
      stripeSecret: `family-finance/${stage}/stripe`,
    },
  };
}

/** Prod keeps data and logs when a stack is deleted; other stages clean up after themselves. */
export function removalPolicy(settings: AppSettings): RemovalPolicy {
  return settings.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}
