import { resolve } from 'node:path';
import { ArnFormat, AssetStaging, Duration, RemovalPolicy, type Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { TABLE_INDEXES } from '../../functions/adapters/dynamodb/table-definition';
import type { FunctionSpec, Need, Trigger } from '../../functions/handlers/manifest';
import {
  DRAWING_ESBUILD_ARGS,
  drawingLayer,
  LAYER_EXTERNAL,
  layerImports,
  PDFJS_ESBUILD_ARGS,
  pdfjsLayer,
} from './pdfjs-layer';
import { REPO_ROOT } from './repo-root';

/**
 * What the functions of one stack may be bound to. Each manifest `need` turns into exactly one grant and at
 * most one environment variable; a need whose resource is missing from the stack fails the synth by name.
 */
export interface FunctionBindings {
  stage: string;
  prod: boolean;
  table?: ITable;
  uploads?: IBucket;
  stateMachineArn?: string;
  /** The classification job's state machine (Smart Transaction Review), by its fixed name. */
  classificationJobArn?: string;
  bedrock?: BedrockModel;
  /** The assistant's model (ASSISTANT_MODEL_ID), apart from the classifier's. */
  assistantModel?: BedrockModel;
  mail?: { from: string; identityArn: string };
  /** The secret and its name (an owned secret's `secretName` token is parsed from its ARN, suffix aside). */
  magicLinkSecret?: { secret: ISecret; name: string };
  /** The Stripe keys (JSON: secret_key, webhook_secret, price_id), for the billing function only. */
  stripeSecret?: { secret: ISecret; name: string };
  /** Plain, non-secret settings every function of the stack gets (USER_POOL_ID, APP_URL, ...). */
  environment?: Record<string, string>;
}

export interface BedrockModel {
  modelId: string;
  resourceArns: string[];
  /** A cross-region inference profile may route to its model in any of its regions: that ARN has region '*'. */
  anyRegionModelArn?: string;
}

/** Cognito waits 5 s for a trigger and API Gateway 30 s for an integration; the rest come from the manifest. */
const DEFAULT_TIMEOUT_SECONDS = {
  http: 29,
  cognito: 5,
  's3-object-created': 30,
  pipeline: 120,
  job: 300,
  seed: 120,
} as const satisfies Record<Trigger['type'], number>;

const DYNAMODB_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const DYNAMODB_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
/** X-Ray and Textract's text detection have no resource-level permissions. */
const NO_RESOURCE_LEVEL = {
  xray: 'X-Ray PutTraceSegments/PutTelemetryRecords (active tracing)',
  textract: 'Textract StartDocumentTextDetection/GetDocumentTextDetection',
} as const;

/**
 * The ONE Lambda construct. Every function of the product is one of these, built from its manifest entry:
 * Node 22 on ARM64 (x86_64 for a function that draws PDF pages: see pdfjs-layer.ts); ESM bundled by NodejsFunction with the local esbuild (no Docker), minified, with linked
 * source maps (NODE_OPTIONS=--enable-source-maps); its own log group and role; X-Ray active tracing;
 * the reserved environment (APP_MODE=aws, STAGE, POWERTOOLS_SERVICE_NAME); IAM from the manifest's `needs`.
 *
 * @aws-sdk/* is external: the nodejs22.x runtime ships SDK v3. Measured with esbuild: bundling the SDK puts
 * the pipeline and upload functions at 550-575 KB minified (over the 500 KB budget) against 50-80 KB without.
 * The cost is that the SDK version is the runtime's, not our lock file's.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly spec: FunctionSpec;
  readonly logGroup: LogGroup;
  readonly usesPdfjs: boolean;
  /** Imports @napi-rs/canvas: runs on x86_64 with the drawing layer (pdfjs-layer.ts). */
  readonly drawsPages: boolean;

  constructor(scope: Construct, spec: FunctionSpec, bindings: FunctionBindings) {
    super(scope, spec.id);
    this.spec = spec;
    const imports = layerImports(spec.entry);
    this.usesPdfjs = imports.pdfjs;
    this.drawsPages = imports.canvas;
    const layer = this.drawsPages ? drawingLayer(this) : this.usesPdfjs ? pdfjsLayer(this) : null;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: bindings.prod ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: bindings.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Our own role instead of the AWS managed AWSLambdaBasicExecutionRole: it may write to its log group only.
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: limit(
        `${spec.id} (${describeTrigger(spec.trigger)}): ${spec.needs.join(', ') || 'no data access'}`,
        1000,
      ),
    });
    this.logGroup.grantWrite(role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: resolve(REPO_ROOT, spec.entry),
      handler: 'handler',
      description: limit(`${spec.id}: ${describeTrigger(spec.trigger)}`, 256),
      projectRoot: REPO_ROOT,
      depsLockFilePath: resolve(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: this.drawsPages ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: spec.memoryMb ?? 512,
      timeout: Duration.seconds(spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS[spec.trigger.type]),
      tracing: Tracing.ACTIVE,
      logGroup: this.logGroup,
      role,
      environment: {
        APP_MODE: 'aws',
        STAGE: bindings.stage,
        POWERTOOLS_SERVICE_NAME: 'family-finance',
        NODE_OPTIONS: '--enable-source-maps',
        ...bindings.environment,
        ...environmentFor(spec, bindings),
      },
      ...(layer ? { layers: [layer] } : {}),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        // pdf.js (and for drawing, the canvas and pdf-lib) come from a layer (see pdfjs-layer.ts); their
        // imports are rewritten to the layer's path.
        externalModules: ['@aws-sdk/*', ...(layer ? [LAYER_EXTERNAL] : [])],
        ...(layer ? { esbuildArgs: this.drawsPages ? DRAWING_ESBUILD_ARGS : PDFJS_ESBUILD_ARGS } : {}),
        // ESM output: CommonJS dependencies that call require() get one.
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
      },
    });
    this.grant(spec, bindings, role);
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to nodejs22.x on purpose: the Node line the handlers, pdf.js 5 and the local twin are built and tested against; runtime upgrades are a deliberate change, not a lint fix.',
    });
  }

  /** The staged asset directory of the bundle (index.mjs + index.mjs.map), once bundled. */
  get bundleDir(): string | undefined {
    const staging = this.fn.node.tryFindChild('Code')?.node.tryFindChild('Stage');
    return staging instanceof AssetStaging ? staging.absoluteStagedPath : undefined;
  }

  /** Changes whenever the bundle changes (a custom resource property that re-runs on new code). */
  get bundleHash(): string {
    const staging = this.fn.node.tryFindChild('Code')?.node.tryFindChild('Stage');
    return staging instanceof AssetStaging ? staging.assetHash : 'unbundled';
  }

  private grant(spec: FunctionSpec, b: FunctionBindings, role: Role) {
    const allow = (actions: string[], resources: string[]) =>
      role.addToPrincipalPolicy(new PolicyStatement({ actions, resources }));
    const wildcards: string[] = [NO_RESOURCE_LEVEL.xray];
    for (const need of new Set(spec.needs)) {
      switch (need) {
        case 'table:read': {
          const table = required(b.table, spec, need);
          // The table and each index by name: no index/* wildcard.
          const indexes = TABLE_INDEXES.map((i) => `${table.tableArn}/index/${i.indexName}`);
          allow(DYNAMODB_READ, [table.tableArn, ...indexes]);
          break;
        }
        case 'table:write':
          allow(DYNAMODB_WRITE, [required(b.table, spec, need).tableArn]);
          break;
        case 'uploads:read':
          allow(['s3:GetObject'], [required(b.uploads, spec, need).arnForObjects('*')]);
          break;
        case 'uploads:write':
          allow(['s3:PutObject'], [required(b.uploads, spec, need).arnForObjects('*')]);
          break;
        case 'uploads:delete':
          allow(['s3:DeleteObject'], [required(b.uploads, spec, need).arnForObjects('*')]);
          break;
        case 'uploads:list':
          allow(['s3:ListBucket'], [required(b.uploads, spec, need).bucketArn]);
          break;
        case 'pipeline:start':
          allow(['states:StartExecution'], [required(b.stateMachineArn, spec, need)]);
          break;
        case 'jobs:start':
          allow(['states:StartExecution'], [required(b.classificationJobArn, spec, need)]);
          break;
        case 'textract':
          allow(['textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'], ['*']);
          wildcards.push(NO_RESOURCE_LEVEL.textract);
          break;
        case 'bedrock':
        case 'bedrock:assistant': {
          const model = required(need === 'bedrock' ? b.bedrock : b.assistantModel, spec, need);
          allow(['bedrock:InvokeModel'], model.resourceArns);
          if (model.anyRegionModelArn) {
            Validations.of(role).acknowledge({
              id: `AwsSolutions-IAM5[Resource::${model.anyRegionModelArn}]`,
              reason: `The inference profile ${model.modelId} routes each call to the same model in one of the profile's regions, chosen by Bedrock at call time.`,
            });
          }
          break;
        }
        case 'ses:send':
          allow(['ses:SendEmail'], [required(b.mail, spec, need).identityArn]);
          break;
        case 'magic-link-secret':
          allow(
            ['secretsmanager:GetSecretValue'],
            [required(b.magicLinkSecret, spec, need).secret.secretArn],
          );
          break;
        case 'stripe-secret':
          allow(['secretsmanager:GetSecretValue'], [required(b.stripeSecret, spec, need).secret.secretArn]);
          break;
        default:
          throw new Error(`${spec.id}: unknown need '${need satisfies never}'`);
      }
    }
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `Only for actions without resource-level permissions: ${wildcards.join('; ')}.`,
    });
  }
}

/** Lambda descriptions hold 256 characters, IAM role descriptions 1000. */
function limit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

function required<T>(value: T | undefined, spec: FunctionSpec, need: Need): T {
  if (value === undefined) {
    throw new Error(`${spec.id} needs '${need}', which the stack it is placed in does not provide`);
  }
  return value;
}

/** Each need brings the one variable the handler reads for it (functions/shared/config.ts). */
function environmentFor(spec: FunctionSpec, b: FunctionBindings): Record<string, string> {
  const env: Record<string, string> = {};
  for (const need of spec.needs) {
    if ((need === 'table:read' || need === 'table:write') && b.table) env.TABLE_NAME = b.table.tableName;
    if (need.startsWith('uploads:') && b.uploads) env.UPLOAD_BUCKET = b.uploads.bucketName;
    if (need === 'pipeline:start' && b.stateMachineArn) env.STATE_MACHINE_ARN = b.stateMachineArn;
    if (need === 'jobs:start' && b.classificationJobArn) env.CLASSIFICATION_JOB_ARN = b.classificationJobArn;
    if (need === 'bedrock' && b.bedrock) env.BEDROCK_MODEL_ID = b.bedrock.modelId;
    if (need === 'bedrock:assistant' && b.assistantModel) env.ASSISTANT_MODEL_ID = b.assistantModel.modelId;
    if (need === 'ses:send' && b.mail) env.MAIL_FROM = b.mail.from;
    if (need === 'magic-link-secret' && b.magicLinkSecret)
      env.MAGIC_LINK_SECRET_NAME = b.magicLinkSecret.name;
    if (need === 'stripe-secret' && b.stripeSecret) env.STRIPE_SECRET_NAME = b.stripeSecret.name;
  }
  return env;
}

export function describeTrigger(trigger: Trigger): string {
  switch (trigger.type) {
    case 'http':
      return trigger.routes.map((r) => `${r.method} ${r.path}`).join(', ');
    case 'pipeline':
      return `statement pipeline task ${trigger.task}`;
    case 'cognito':
      return `Cognito ${trigger.trigger} trigger`;
    case 's3-object-created':
      return 'new statement PDF in the uploads bucket';
    case 'seed':
      return 'institution catalogue seed on deploy';
    case 'job':
      return `${trigger.job} job worker (its state machine)`;
  }
}

/** Model ARNs a Bedrock model id needs: a foundation model, or a cross-region inference profile and its model. */
export function bedrockModel(stack: Stack, modelId: string): BedrockModel {
  const profile = /^(eu|us|apac|us-gov|global)\.(.+)$/.exec(modelId);
  if (!profile?.[2]) {
    const arn = stack.formatArn({
      service: 'bedrock',
      account: '',
      resource: 'foundation-model',
      resourceName: modelId,
    });
    return { modelId, resourceArns: [arn] };
  }
  const model = profile[2];
  return {
    modelId,
    resourceArns: [
      stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }),
      stack.formatArn({
        service: 'bedrock',
        account: '',
        region: '*',
        resource: 'foundation-model',
        resourceName: model,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      }),
    ],
    // As cdk-nag renders it in the finding id.
    anyRegionModelArn: `arn:<AWS::Partition>:bedrock:*::foundation-model/${model}`,
  };
}
