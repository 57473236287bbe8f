import { App, type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { PipelineStack } from './stacks/pipeline-stack';
import { WebStack } from './stacks/web-stack';

export interface BuildOptions {
  stage?: string;
  outdir?: string;
  /** Add the cdk-nag AwsSolutions pack as a validation plugin (synth and tests). */
  nag?: boolean;
}

/** The whole AWS application: data, auth, pipeline, api, web. */
export function buildApp(options: BuildOptions = {}) {
  const app = new App({
    ...(options.outdir ? { outdir: options.outdir } : {}),
    context: { stage: options.stage ?? 'dev' },
  });
  const stage = options.stage ?? (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
  const env = {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'eu-west-2',
  };
  const prefix = `FamilyFinance-${stage}`;
  const mailFrom = (app.node.tryGetContext('mailFrom') as string | undefined) ?? 'no-reply@example.com';
  const appUrl = (app.node.tryGetContext('appUrl') as string | undefined) ?? 'https://app.example.com';
  const bedrockModelId = app.node.tryGetContext('bedrockModelId') as string | undefined;
  const allowedOrigins = [appUrl, 'https://*.cloudfront.net', 'http://localhost:3000'];

  const data = new DataStack(app, `${prefix}-Data`, { env, stage });
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, stage, table: data.table, mailFrom, appUrl });
  const pipeline = new PipelineStack(app, `${prefix}-Pipeline`, {
    env,
    stage,
    table: data.table,
    allowedOrigins,
    ...(bedrockModelId ? { bedrockModelId } : {}),
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    stage,
    table: data.table,
    uploads: pipeline.uploads,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
    environment: { APP_URL: appUrl },
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    stage,
    apiEndpoint: api.api.apiEndpoint,
    uploadsBucketDomain: pipeline.uploads.bucketRegionalDomainName,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
  });

  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stacks: Stack[] = [data, auth, pipeline, api, web];
  return { app, stacks, data, auth, pipeline, api, web };
}
