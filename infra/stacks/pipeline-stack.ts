import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { AppFunction, type FunctionResources } from '../constructs/app-function';
import { PIPELINE_TASKS, type PipelineTask, statementPipelineDefinition } from '../shared/statement-pipeline';

/**
 * Statement ingestion: the PdfUploads bucket, the trigger that starts the pipeline on each new statement,
 * and the Standard state machine built from the ONE ASL module the local twin also runs.
 */
export class PipelineStack extends Stack {
  readonly uploads: s3.Bucket;
  readonly stateMachineArn: string;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { stage: string; table: ITable; allowedOrigins: string[]; bedrockModelId?: string },
  ) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself.',
    });

    this.uploads = new s3.Bucket(this, 'PdfUploads', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'pdf-uploads/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins: props.allowedOrigins,
          allowedHeaders: ['content-type', 'content-length'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Statements are read within minutes; the extracted transactions are the system of record, so the raw
      // PDF (and the pipeline's working files) are not kept longer than needed.
      lifecycleRules: [
        { id: 'abandoned-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'statement-retention', expiration: Duration.days(30) },
      ],
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const stateMachineName = `family-finance-${props.stage}-statement-pipeline`;
    this.stateMachineArn = this.formatArn({
      service: 'states',
      resource: 'stateMachine',
      resourceName: stateMachineName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    const bedrockModelArn = props.bedrockModelId
      ? this.formatArn({
          service: 'bedrock',
          account: '',
          resource: 'foundation-model',
          resourceName: props.bedrockModelId,
        })
      : undefined;
    const environment: Record<string, string> = props.bedrockModelId
      ? { BEDROCK_MODEL_ID: props.bedrockModelId }
      : {};
    const shared: FunctionResources = {
      table: props.table,
      uploads: this.uploads,
      stateMachineArn: this.stateMachineArn,
      environment,
      ...(bedrockModelArn ? { bedrockModelArn } : {}),
    };

    const taskFunctions = {} as Record<PipelineTask, string>;
    const invokable = [];
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type === 'pipeline') {
        const fn = new AppFunction(this, spec, shared).fn;
        taskFunctions[spec.trigger.task] = fn.functionArn;
        invokable.push(fn);
      } else if (spec.trigger.type === 's3-object-created') {
        const fn = new AppFunction(this, spec, shared).fn;
        this.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new LambdaDestination(fn), {
          suffix: '.pdf',
        });
      }
    }
    for (const task of PIPELINE_TASKS) {
      if (!taskFunctions[task]) throw new Error(`No function in the manifest for pipeline task ${task}`);
    }

    const placeholders = Object.fromEntries(PIPELINE_TASKS.map((t) => [t, `\${${t}}`])) as Record<
      PipelineTask,
      string
    >;
    const logs = new LogGroup(this, 'PipelineLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const machine = new sfn.StateMachine(this, 'StatementPipeline', {
      stateMachineName,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(
        JSON.stringify(statementPipelineDefinition(placeholders)),
      ),
      definitionSubstitutions: taskFunctions,
      tracingEnabled: true,
      logs: { destination: logs, level: sfn.LogLevel.ALL, includeExecutionData: false },
      timeout: Duration.hours(1),
    });
    for (const fn of invokable) fn.grantInvoke(machine);
  }
}
