import { type App, type PolicyValidationPluginReport, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag AwsSolutions findings we accept, each with its reason.
 *
 * Findings whose id is fixed are acknowledged where the construct is made (Validations.of(x).acknowledge in
 * the stacks and in AppFunction: Cognito COG2/3/8, CloudFront CFR1/2/4, log buckets' S1, the secret's SMG4,
 * public routes' APIG4, Lambda L1, X-Ray/Textract IAM5[Resource::*]). The ones below carry CloudFormation
 * logical ids or rendered ARNs in their ids (e.g. `AwsSolutions-IAM5[Resource::<PdfUploads84D68148.Arn>/*]`),
 * so they are matched by rule AND construct path, then acknowledged with cdk-nag's own mechanism under their
 * exact ids. Anything else fails `npm run synth` and the infra tests.
 */
export interface Acknowledgement {
  /** The exact finding id, e.g. AwsSolutions-IAM5[Resource::<X.Arn>/*]. */
  rule: RegExp;
  /** The construct path of the violating resource. */
  path: RegExp;
  reason: string;
}

/** aws-cdk-lib's own deployment-time helpers: their code, runtime and roles are not ours to set. */
const CDK_BUCKET_DEPLOYMENT = /^[\w-]+\/Custom::CDKBucketDeployment[0-9a-fA-F]+(\d+MiB)?\//;
const CDK_NOTIFICATIONS_HANDLER = /^[\w-]+\/BucketNotificationsHandler[0-9a-f]+\/Role\/Resource$/;
const CDK_PROVIDER_FRAMEWORK = /^[\w-]+\/[A-Za-z0-9]+Provider\/framework-onEvent\/ServiceRole\//;

export const ACKNOWLEDGEMENTS: readonly Acknowledgement[] = [
  {
    rule: /^AwsSolutions-IAM5\[Resource::(<PdfUploads[0-9A-F]{8}\.Arn>|arn:<AWS::Partition>:s3:::family-finance-[a-z0-9-]+-pdfs-<AWS::AccountId>-<AWS::Region>)\/\*\]$/,
    path: /^[\w-]+\/[A-Za-z0-9]+\/Role\/DefaultPolicy\/Resource$/,
    reason:
      "Statement objects are created at run time under per-family keys ({familyId}/{uploadId}_{file}.pdf and {familyId}/{uploadId}/*.json): objects of the one uploads bucket, with only the single action the manifest need names, is the narrowest static grant; handlers scope keys to the caller's family.",
  },
  {
    rule: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    path: CDK_PROVIDER_FRAMEWORK,
    reason:
      'The CDK custom-resource Provider framework (seed on deploy) creates its own role with the basic execution policy to write its logs.',
  },
  {
    rule: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+Function[0-9A-F]{8}\.Arn>:\*\]$/,
    path: CDK_PROVIDER_FRAMEWORK,
    reason:
      'The CDK Provider framework may invoke the seed function and its versions (function:*); it invokes nothing else.',
  },
  {
    rule: /^AwsSolutions-(L1|IAM4\[.+\]|IAM5\[.+\])$/,
    path: CDK_BUCKET_DEPLOYMENT,
    reason:
      "aws-cdk-lib's BucketDeployment handler runs only during deployments, copying the SPA from the CDK asset bucket to the site bucket and invalidating CloudFront; its runtime and role policy are fixed by aws-cdk-lib.",
  },
  {
    rule: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    path: CDK_NOTIFICATIONS_HANDLER,
    reason:
      "aws-cdk-lib's bucket-notifications handler runs only during deployments to configure the uploads bucket's S3 notification; its role is fixed by aws-cdk-lib.",
  },
];

type ViolatingResource = { constructPath?: string };

/** Runs AwsSolutions once and acknowledges, under their exact ids, the findings ACKNOWLEDGEMENTS covers. */
export function acknowledgeNagFindings(app: App): void {
  const report = new AwsSolutionsChecks(app).validateScope(app);
  const byPath = new Map<string, IConstruct>(app.node.findAll().map((c) => [c.node.path, c]));
  for (const violation of report.violations) {
    for (const resource of violation.violatingResources as ViolatingResource[]) {
      const path = resource.constructPath ?? '';
      const ack = ACKNOWLEDGEMENTS.find((a) => a.rule.test(violation.ruleName) && a.path.test(path));
      const node = byPath.get(path);
      if (ack && node) Validations.of(node).acknowledge({ id: violation.ruleName, reason: ack.reason });
    }
  }
}

/** The AwsSolutions findings nobody acknowledged (empty is the goal). */
export function unacknowledgedFindings(app: App): Array<{ rule: string; path: string }> {
  const report: PolicyValidationPluginReport = new AwsSolutionsChecks(app).validateScope(app);
  return report.violations.flatMap((v) =>
    (v.violatingResources as ViolatingResource[]).map((r) => ({
      rule: v.ruleName,
      path: r.constructPath ?? '',
    })),
  );
}

/** Every acknowledgement recorded in the construct tree, with its reason. */
export function recordedAcknowledgements(app: App): Array<{ path: string; id: string; reason: string }> {
  const found: Array<{ path: string; id: string; reason: string }> = [];
  for (const construct of app.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== 'aws:cdk:acknowledged-rules') continue;
      const data: unknown = entry.data;
      if (typeof data !== 'object' || data === null) continue;
      for (const [id, value] of Object.entries(data)) {
        const reason =
          typeof value === 'string'
            ? value
            : typeof value === 'object' &&
                value !== null &&
                'reason' in value &&
                typeof value.reason === 'string'
              ? value.reason
              : '';
        found.push({ path: construct.node.path, id, reason });
      }
    }
  }
  return found;
}
