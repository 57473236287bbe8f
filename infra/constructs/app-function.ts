import { resolve } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { FunctionSpec } from '../../functions/handlers/manifest';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** What a function may be granted; each grant follows from a `need` in the manifest. */
export interface FunctionResources {
  table: ITable;
  uploads?: IBucket;
  stateMachineArn?: string;
  bedrockModelArn?: string;
  sesIdentityArn?: string;
  magicLinkSecret?: ISecret;
  environment?: Record<string, string>;
}

/**
 * The ONE Lambda construct: Node 22 on ARM64, ESM bundled by esbuild (no Docker), minified with source maps,
 * X-Ray tracing, its own log group, and IAM derived from the manifest's `needs` (least privilege).
 * @aws-sdk/* is left to the runtime (nodejs22.x ships SDK v3), so each bundle holds only our code and the
 * small libraries it imports; only the SDK clients a function imports are ever loaded.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, spec: FunctionSpec, resources: FunctionResources) {
    super(scope, spec.id);
    const stage = (Stack.of(this).node.tryGetContext('stage') as string | undefined) ?? 'dev';
    const logGroup = new LogGroup(this, 'Logs', {
      retention: stage === 'prod' ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.fn = new NodejsFunction(this, 'Function', {
      entry: resolve(REPO_ROOT, spec.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: resolve(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: spec.memoryMb ?? 512,
      timeout: Duration.seconds(spec.timeoutSeconds ?? 29),
      tracing: Tracing.ACTIVE,
      logGroup,
      environment: {
        APP_MODE: 'aws',
        STAGE: stage,
        POWERTOOLS_SERVICE_NAME: 'family-finance',
        NODE_OPTIONS: '--enable-source-maps',
        TABLE_NAME: resources.table.tableName,
        ...(resources.uploads ? { UPLOAD_BUCKET: resources.uploads.bucketName } : {}),
        ...(resources.stateMachineArn && spec.needs.includes('pipeline:start')
          ? { STATE_MACHINE_ARN: resources.stateMachineArn }
          : {}),
        ...(resources.magicLinkSecret && spec.needs.includes('magic-link-secret')
          ? { MAGIC_LINK_SECRET_NAME: resources.magicLinkSecret.secretName }
          : {}),
        ...resources.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        externalModules: ['@aws-sdk/*'],
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        forceDockerBundling: false,
        metafile: false,
      },
    });
    this.grant(spec, resources);
  }

  private grant(spec: FunctionSpec, r: FunctionResources) {
    const fn = this.fn;
    const policy = (actions: string[], resources: string[]) =>
      fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources }));
    for (const need of spec.needs) {
      switch (need) {
        case 'table:read':
          policy(
            ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
            [r.table.tableArn, `${r.table.tableArn}/index/*`],
          );
          break;
        case 'table:write':
          policy(
            ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
            [r.table.tableArn],
          );
          break;
        case 'uploads:read':
          if (r.uploads) policy(['s3:GetObject'], [r.uploads.arnForObjects('*')]);
          break;
        case 'uploads:write':
          if (r.uploads) policy(['s3:PutObject'], [r.uploads.arnForObjects('*')]);
          break;
        case 'uploads:delete':
          if (r.uploads) policy(['s3:DeleteObject'], [r.uploads.arnForObjects('*')]);
          break;
        case 'pipeline:start':
          if (r.stateMachineArn) policy(['states:StartExecution'], [r.stateMachineArn]);
          break;
        case 'textract':
          policy(['textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'], ['*']);
          break;
        case 'bedrock':
          if (r.bedrockModelArn) policy(['bedrock:InvokeModel'], [r.bedrockModelArn]);
          break;
        case 'ses:send':
          if (r.sesIdentityArn) policy(['ses:SendEmail'], [r.sesIdentityArn]);
          break;
        case 'magic-link-secret':
          r.magicLinkSecret?.grantRead(fn);
          break;
      }
    }
  }
}
