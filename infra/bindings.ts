import { ArnFormat, type Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { bedrockModel, type FunctionBindings } from './constructs/app-function';
import type { AppSettings } from './settings';

/** Resources made by earlier stacks that functions of later stacks may be granted. */
export interface SharedResources {
  table: ITable;
  mail?: { from: string; identityArn: string };
  magicLinkSecret?: { secret: ISecret; name: string };
  stripeSecret?: { secret: ISecret; name: string };
  /** The bucket itself in the stack that owns it; elsewhere it is referred to by its fixed name. */
  uploads?: IBucket;
  environment?: Record<string, string>;
}

/**
 * Everything a function placed in `stack` (call once per stack) can be bound to. The uploads bucket and the state machine are
 * referred to by their fixed physical names, so the API (before the web stack) and the pipeline (after it,
 * because its CORS names the CloudFront origin) need no references to each other.
 */
export function functionBindings(
  stack: Stack,
  settings: AppSettings,
  shared: SharedResources,
): FunctionBindings {
  const uploads =
    shared.uploads ?? Bucket.fromBucketName(stack, 'UploadsBucketRef', settings.names.uploadsBucket);
  return {
    stage: settings.stage,
    prod: settings.prod,
    table: shared.table,
    uploads,
    stateMachineArn: stateMachineArn(stack, settings),
    classificationJobArn: classificationJobArn(stack, settings),
    bedrock: bedrockModel(stack, settings.bedrockModelId),
    assistantModel: bedrockModel(stack, settings.assistantModelId),
    ...(shared.mail ? { mail: shared.mail } : {}),
    ...(shared.magicLinkSecret ? { magicLinkSecret: shared.magicLinkSecret } : {}),
    ...(shared.stripeSecret ? { stripeSecret: shared.stripeSecret } : {}),
    environment: {
      ...(settings.appUrl ? { APP_URL: settings.appUrl } : {}),
      ...shared.environment,
    },
  };
}

export function stateMachineArn(stack: Stack, settings: AppSettings): string {
  return stack.formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: settings.names.stateMachine,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

/** The classification job's state machine, by its fixed name (built by the pipeline stack). */
export function classificationJobArn(stack: Stack, settings: AppSettings): string {
  return stack.formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: settings.names.classificationJob,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}
