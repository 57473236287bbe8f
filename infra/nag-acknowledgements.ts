import { type App, type PolicyValidationPluginReport, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

/**
 * cdk-nag AwsSolutions findings we accept, each with its reason. cdk-nag names granular findings exactly
 * (e.g. `AwsSolutions-IAM5[Resource::<Table.Arn>/index/*]`), so each entry matches finding ids by pattern and
 * optionally construct paths; `checkNag` acknowledges the matches through cdk-nag's own mechanism
 * (Validations.acknowledge with the exact id and the reason) and reports what is left. Anything not listed
 * here, or acknowledged on the construct itself in the stacks, fails `npm run synth` and the infra tests.
 */
export interface Acknowledgement {
  rule: RegExp;
  path?: RegExp;
  reason: string;
}

export const ACKNOWLEDGEMENTS: Acknowledgement[] = [
  {
    rule: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    reason: 'Lambda roles use the AWS managed basic execution role only to write their own CloudWatch logs.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::(<Table[A-Z0-9]*\.Arn>|[\w-]+:ExportsOutputFnGetAttTable[A-Za-z0-9]*)\/index\/\*\]$/,
    reason: 'Queries on the single table use its GSIs; index/* is the narrowest resource that names them.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::(<PdfUploads[A-Z0-9]*\.Arn>|[\w-]+:ExportsOutputFnGetAttPdfUploads[A-Za-z0-9]*)\/\*\]$/,
    reason:
      'Objects are created per upload ({familyId}/{uploadId}_{file}); bucket/* with one action is the narrowest grant.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: /\/[A-Za-z0-9]+\/Function\/ServiceRole\/DefaultPolicy/,
    reason: 'Textract text detection and X-Ray tracing do not support resource-level permissions.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: /StatementPipeline\/Role\/DefaultPolicy/,
    reason:
      'X-Ray tracing and CloudWatch Logs delivery for the state machine do not support resource-level permissions.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::<Pipeline[A-Za-z]+Function[A-Z0-9]*\.Arn>:\*\]$/,
    path: /StatementPipeline\/Role/,
    reason: 'The state machine may invoke any version of its own task functions (CDK grantInvoke adds :*).',
  },
  {
    rule: /^AwsSolutions-(IAM4|IAM5|L1)(\[.*\])?$/,
    path: /(Custom::CDKBucketDeployment|BucketNotificationsHandler|CustomS3AutoDeleteObjects|Custom::S3AutoDeleteObjects|Provider\/framework-onEvent)/,
    reason:
      'A CDK-provided custom-resource provider: its role, wildcards on its own buckets and runtime are set by aws-cdk-lib.',
  },
  {
    rule: /^AwsSolutions-L1$/,
    reason: 'Functions pin nodejs22.x, the Node line the product is built and tested against.',
  },
];

export function checkNag(app: App): PolicyValidationPluginReport {
  const first = new AwsSolutionsChecks(app).validateScope(app);
  const byPath = new Map(app.node.findAll().map((c) => [c.node.path, c]));
  for (const violation of first.violations) {
    for (const resource of violation.violatingResources) {
      const path = (resource as { constructPath?: string }).constructPath ?? '';
      const ack = ACKNOWLEDGEMENTS.find(
        (a) => a.rule.test(violation.ruleName) && (!a.path || a.path.test(path)),
      );
      const node = byPath.get(path);
      if (ack && node) Validations.of(node).acknowledge({ id: violation.ruleName, reason: ack.reason });
    }
  }
  return new AwsSolutionsChecks(app).validateScope(app);
}
