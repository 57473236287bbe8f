import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { PIPELINE_TASKS, type PipelineTask } from '../../functions/contracts/pipeline-states';
import { STATEMENT_FILE_EXTENSIONS } from '../../functions/contracts/uploads';
import { FUNCTIONS, type FunctionSpec } from '../../functions/handlers/manifest';
import { classificationJobDefinition } from '../../functions/services/classification-job-machine';
import { statementPipelineDefinition } from '../../functions/services/pipeline/state-machine';
import { functionBindings, type SharedResources } from '../bindings';
import { AppFunction, type FunctionBindings } from '../constructs/app-function';
import { type AppSettings, removalPolicy } from '../settings';

/**
 * Statement ingestion: the PdfUploads bucket (browsers PUT statements with presigned URLs), the trigger
 * function S3 notifies of each new PDF, and the Standard state machine built from the ONE ASL module the
 * local twin also runs, its task states bound to the manifest's pipeline functions.
 *
 * The state machine's ARN is built from its fixed name, so the trigger function (which needs the ARN) and the
 * bucket notification (which needs the function) have no circular references.
 */
export class PipelineStack extends Stack {
  readonly uploads: s3.Bucket;
  readonly stateMachine: sfn.StateMachine;
  readonly functions: AppFunction[] = [];

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { settings: AppSettings; shared: SharedResources; webOrigin: string },
  ) {
    super(scope, id, props);
    const { settings } = props;

    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(settings.prod ? 365 : 30) }],
      removalPolicy: removalPolicy(settings),
      autoDeleteObjects: !settings.prod,
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket of the uploads bucket: logging its own access would log into itself.',
    });

    const origins = [
      props.webOrigin,
      ...(settings.appUrl && settings.appUrl !== props.webOrigin ? [settings.appUrl] : []),
      ...(settings.prod ? [] : ['http://localhost:3000']),
    ];
    this.uploads = new s3.Bucket(this, 'PdfUploads', {
      bucketName: settings.names.uploadsBucket,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'pdf-uploads/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins: origins,
          allowedHeaders: ['content-type', 'content-length', 'content-md5', 'if-none-match', 'x-amz-*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      // Statements are processed within minutes of upload, and the transactions extracted into the table are
      // the system of record, not the raw PDF: PDFs and the pipeline's working files under
      // {familyId}/{uploadId}/ expire after 30 days (Finish deletes them sooner), abandoned uploads after a day.
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-statements', expiration: Duration.days(30) },
      ],
      removalPolicy: removalPolicy(settings),
      autoDeleteObjects: !settings.prod,
    });

    const bindings = functionBindings(this, settings, { ...props.shared, uploads: this.uploads });
    const tasks = new Map<PipelineTask, AppFunction>();
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type === 'pipeline') {
        if (tasks.has(spec.trigger.task))
          throw new Error(`Two functions for pipeline task ${spec.trigger.task}`);
        const fn = new AppFunction(this, spec, bindings);
        tasks.set(spec.trigger.task, fn);
        this.functions.push(fn);
      } else if (spec.trigger.type === 'job') {
        this.functions.push(this.classificationJob(spec, bindings, settings));
      } else if (spec.trigger.type === 's3-object-created') {
        const fn = new AppFunction(this, spec, bindings);
        this.functions.push(fn);
        // One notification per statement file type: a PDF, or a bank's export (CSV, OFX/QFX, QIF).
        for (const ext of STATEMENT_FILE_EXTENSIONS)
          this.uploads.addEventNotification(s3.EventType.OBJECT_CREATED, new LambdaDestination(fn.fn), {
            suffix: `.${ext}`,
          });
      }
    }

    const substitutions: Record<string, string> = {};
    for (const task of PIPELINE_TASKS) {
      const fn = tasks.get(task);
      if (!fn) throw new Error(`No function in the manifest for pipeline task ${task}`);
      substitutions[task] = fn.fn.functionArn;
    }
    // The ASL from the shared module, each task's Resource a ${Task} placeholder CloudFormation substitutes.
    const placeholders = Object.fromEntries(PIPELINE_TASKS.map((t) => [t, `\${${t}}`])) as Record<
      PipelineTask,
      string
    >;
    const logs = new LogGroup(this, 'PipelineLogs', {
      // The vendedlogs prefix keeps the CloudWatch Logs resource policy small for Step Functions delivery.
      logGroupName: `/aws/vendedlogs/states/${settings.names.stateMachine}`,
      retention: settings.prod ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicy(settings),
    });
    this.stateMachine = new sfn.StateMachine(this, 'StatementPipeline', {
      stateMachineName: settings.names.stateMachine,
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(
        JSON.stringify(statementPipelineDefinition(placeholders)),
      ),
      definitionSubstitutions: substitutions,
      tracingEnabled: true,
      // Execution data holds family ids and file names only, but stays out of the logs all the same.
      logs: { destination: logs, level: sfn.LogLevel.ALL, includeExecutionData: false },
      removalPolicy: removalPolicy(settings),
    });
    // The ASL invokes the unqualified function ARNs, so those are all it may invoke (no ':*' versions).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: Object.values(substitutions) }),
    );
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing and CloudWatch Logs vended-log delivery (logs:CreateLogDelivery and related) have no resource-level permissions.',
    });

    new CfnOutput(this, 'UploadsBucketName', { value: this.uploads.bucketName });
    new CfnOutput(this, 'StateMachineArn', { value: this.stateMachine.stateMachineArn });
  }

  /**
   * Smart Transaction Review's classification job: its worker function and the Standard state machine that
   * runs it again while rows are left (functions/services/classification-job-machine.ts), under the fixed
   * name the job's HTTP route starts it by.
   */
  private classificationJob(spec: FunctionSpec, bindings: FunctionBindings, settings: AppSettings) {
    const fn = new AppFunction(this, spec, bindings);
    const logs = new LogGroup(this, 'ClassificationJobLogs', {
      logGroupName: `/aws/vendedlogs/states/${settings.names.classificationJob}`,
      retention: settings.prod ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicy(settings),
    });
    const machine = new sfn.StateMachine(this, 'ClassificationJobMachine', {
      stateMachineName: settings.names.classificationJob,
      stateMachineType: sfn.StateMachineType.STANDARD,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Step Functions definition substitution, filled by definitionSubstitutions
      definitionBody: sfn.DefinitionBody.fromString(JSON.stringify(classificationJobDefinition('${Worker}'))),
      definitionSubstitutions: { Worker: fn.fn.functionArn },
      tracingEnabled: true,
      logs: { destination: logs, level: sfn.LogLevel.ALL, includeExecutionData: false },
      removalPolicy: removalPolicy(settings),
    });
    machine.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.fn.functionArn] }),
    );
    Validations.of(machine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing and CloudWatch Logs vended-log delivery (logs:CreateLogDelivery and related) have no resource-level permissions.',
    });
    return fn;
  }
}
