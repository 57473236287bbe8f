import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_TASKS, type PipelineTask } from '../../functions/contracts/pipeline-states';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { statementPipelineDefinition } from '../../functions/services/pipeline/state-machine';
import {
  actionsOf,
  environmentOf,
  findCycle,
  lambdaOf,
  policyStatements,
  props,
  resourceByPrefix,
  resources,
  type Synthesized,
  statementsOf,
  synthesize,
} from './app';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

const uploadsBucket = () => resourceByPrefix(s.templates.pipeline, 'AWS::S3::Bucket', 'PdfUploads');
const machine = () => {
  // The statement pipeline's (the classification job's has tests/infra/classification-job.test.ts).
  const found = Object.entries(resources(s.templates.pipeline, 'AWS::StepFunctions::StateMachine')).filter(
    ([id]) => id.startsWith('StatementPipeline'),
  );
  expect(found).toHaveLength(1);
  const [entry] = found;
  if (!entry) throw new Error('no state machine');
  return entry;
};

describe('pipeline stack: uploads bucket', () => {
  it('is the PdfUploads bucket, with a fixed name without underscores', () => {
    const [, bucket] = uploadsBucket();
    expect(JSON.stringify(bucket.Properties?.BucketName)).toContain('family-finance-dev-pdfs-');
    expect(JSON.stringify(bucket.Properties?.BucketName)).not.toContain('_');
  });

  it('blocks public access, is encrypted with S3-managed keys and refuses plain HTTP', () => {
    const [id, bucket] = uploadsBucket();
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    s.templates.pipeline.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('aborts abandoned multipart uploads after 1 day and expires objects after 30 days', () => {
    const [, bucket] = uploadsBucket();
    expect(bucket.Properties?.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'abort-incomplete-uploads',
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        },
        { Id: 'expire-statements', ExpirationInDays: 30, Status: 'Enabled' },
      ],
    });
  });

  it('allows browser PUTs from the CloudFront origin and localhost:3000 (dev) only', () => {
    const [, bucket] = uploadsBucket();
    const rules = (props(bucket).CorsConfiguration as { CorsRules: Array<Record<string, unknown>> })
      .CorsRules;
    expect(rules).toHaveLength(1);
    expect(rules[0]?.AllowedMethods).toEqual(['PUT']);
    const origins = rules[0]?.AllowedOrigins as unknown[];
    expect(origins).toContain('http://localhost:3000');
    expect(origins).toHaveLength(2);
    // The distribution's domain, exported by the web stack: no wildcard origin.
    expect(origins[0]).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          { 'Fn::ImportValue': expect.stringMatching(/-Web:ExportsOutputFnGetAttCdn[0-9A-F]{8}DomainName/) },
        ],
      ],
    });
    expect(JSON.stringify(origins)).not.toContain('*');
  });

  it('writes server access logs to a separate bucket', () => {
    const [, bucket] = uploadsBucket();
    const [logsId] = resourceByPrefix(s.templates.pipeline, 'AWS::S3::Bucket', 'AccessLogs');
    expect(bucket.Properties?.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logsId },
      LogFilePrefix: 'pdf-uploads/',
    });
  });

  it('notifies the s3-object-created function of new .pdf objects only', () => {
    const trigger = FUNCTIONS.filter((f) => f.trigger.type === 's3-object-created');
    expect(trigger).toHaveLength(1);
    const [triggerId] = lambdaOf(s.templates.pipeline, trigger[0] ?? FUNCTIONS[0]!);
    const [bucketId] = uploadsBucket();
    s.templates.pipeline.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: bucketId },
      NotificationConfiguration: {
        // A PDF, or a bank's export: one notification per statement file type.
        LambdaFunctionConfigurations: ['.pdf', '.csv', '.ofx', '.qfx', '.qif'].map((suffix) => ({
          Events: ['s3:ObjectCreated:*'],
          Filter: { Key: { FilterRules: [{ Name: 'suffix', Value: suffix }] } },
          LambdaFunctionArn: { 'Fn::GetAtt': [triggerId, 'Arn'] },
        })),
      },
    });
    s.templates.pipeline.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 's3.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [bucketId, 'Arn'] },
    });
  });
});

describe('pipeline stack: state machine', () => {
  it('is a STANDARD state machine with the fixed name, ALL-level logging and X-Ray tracing', () => {
    const [, sm] = machine();
    expect(sm.Properties).toMatchObject({
      StateMachineName: 'family-finance-dev-statement-pipeline',
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: {
        Level: 'ALL',
        IncludeExecutionData: false,
        Destinations: [
          {
            CloudWatchLogsLogGroup: {
              LogGroupArn: { 'Fn::GetAtt': [expect.stringMatching(/^PipelineLogs/), 'Arn'] },
            },
          },
        ],
      },
    });
  });

  it('runs the ASL of functions/services/pipeline/state-machine.ts, each task bound to its manifest function', () => {
    const [, sm] = machine();
    const placeholders = Object.fromEntries(PIPELINE_TASKS.map((t) => [t, `\${${t}}`])) as Record<
      PipelineTask,
      string
    >;
    expect(sm.Properties?.DefinitionString).toBe(JSON.stringify(statementPipelineDefinition(placeholders)));
    const substitutions = sm.Properties?.DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual([...PIPELINE_TASKS].sort());
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'pipeline') continue;
      const [logicalId] = lambdaOf(s.templates.pipeline, spec);
      expect(substitutions[spec.trigger.task]).toEqual({ 'Fn::GetAtt': [logicalId, 'Arn'] });
    }
  });

  it('may invoke exactly its task functions', () => {
    const [, sm] = machine();
    const roleId = (props(sm).RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = Object.values(resources(s.templates.pipeline, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties?.Roles).includes(roleId),
    );
    const invoke = policies
      .flatMap(policyStatements)
      .filter((st) => actionsOf(st).includes('lambda:InvokeFunction'));
    expect(invoke).toHaveLength(1);
    const tasks = FUNCTIONS.filter((f) => f.trigger.type === 'pipeline').map((f) => ({
      'Fn::GetAtt': [lambdaOf(s.templates.pipeline, f)[0], 'Arn'],
    }));
    expect(invoke[0]?.Resource).toEqual(expect.arrayContaining(tasks));
    expect(invoke[0]?.Resource).toHaveLength(tasks.length);
  });

  it('gives the trigger function the ARN of this state machine and only states:StartExecution on it', () => {
    const trigger = FUNCTIONS.find((f) => f.trigger.type === 's3-object-created');
    if (!trigger) throw new Error('no trigger');
    const env = environmentOf(lambdaOf(s.templates.pipeline, trigger)[1]);
    const arn = JSON.stringify(env.STATE_MACHINE_ARN);
    expect(arn).toContain(':states:');
    expect(arn).toContain(':stateMachine:family-finance-dev-statement-pipeline');
    const statements = statementsOf(s.templates.pipeline, trigger);
    const own = statements.filter((st) => !actionsOf(st).every((a) => /^(logs|xray):/.test(a)));
    expect(own).toEqual([
      { Effect: 'Allow', Action: 'states:StartExecution', Resource: env.STATE_MACHINE_ARN },
    ]);
  });

  it('has no circular references', () => {
    expect(findCycle(s.templates.pipeline)).toBeNull();
  });
});
