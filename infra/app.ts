import { Annotations, App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { ApiArea, FunctionSpec } from '../functions/handlers/manifest';
import { acknowledgeNagFindings } from './nag-suppressions';
import { readSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { PipelineStack } from './stacks/pipeline-stack';
import { WebStack } from './stacks/web-stack';

export interface BuildAppOptions {
  /** Overrides the `stage` context (dev when neither is set). */
  stage?: string;
  outdir?: string;
  /** More context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` to skip bundling in template-only tests. */
  context?: Record<string, unknown>;
  /** Register cdk-nag AwsSolutions as a validation plugin, so app.synth() fails on unacknowledged findings. */
  nag?: boolean;
  /** CDK's built-in CloudFormation template validation (default true; ~4 s, so template tests skip it). */
  cfnValidation?: boolean;
  /** The API's route handlers instead of the manifest's, and area modules (tests count planned routes). */
  api?: { routes?: FunctionSpec[]; areaEntry?: (area: ApiArea) => string };
}

/**
 * The whole AWS application, in deployment order:
 *   data      the table (+ catalogue seed)
 *   auth      Cognito user pool, app client, trigger functions, SES identity, magic-link secret
 *   api       HTTP API with the JWT authorizer and the manifest's HTTP functions
 *   web       SPA bucket and CloudFront (/api/* to the API), config.json
 *   pipeline  uploads bucket (CORS for the CloudFront origin), S3 trigger, state machine and its tasks
 * The uploads bucket and the state machine have fixed names (settings.names), so the API can presign uploads
 * and the web CSP can name the bucket without depending on the pipeline stack, which comes last because its
 * CORS rule names the distribution.
 */
export function buildApp(options: BuildAppOptions = {}) {
  const app = new App({
    ...(options.outdir ? { outdir: options.outdir } : {}),
    builtinCloudFormationValidation: options.cfnValidation ?? true,
    context: {
      // Explicit (the default, which warns when left unset): an export in use cannot be removed by its producer.
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      ...options.context,
    },
    // Given explicitly, the stage wins over cdk.json and -c.
    ...(options.stage ? { postCliContext: { stage: options.stage } } : {}),
  });
  const settings = readSettings(app);
  const env = { account: settings.account, region: settings.region };
  const name = (part: string) => `FamilyFinance-${settings.stage}-${part}`;
  Tags.of(app).add('project', 'family-finance');
  Tags.of(app).add('stage', settings.stage);

  const data = new DataStack(app, name('Data'), { env, settings });
  const auth = new AuthStack(app, name('Auth'), { env, settings, table: data.table });
  const shared = {
    table: data.table,
    mail: auth.mail,
    magicLinkSecret: { secret: auth.magicLinkSecret, name: settings.names.magicLinkSecret },
  };
  const api = new ApiStack(app, name('Api'), {
    env,
    settings,
    shared,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
    ...options.api,
  });
  const web = new WebStack(app, name('Web'), {
    env,
    settings,
    apiDomain: api.apiDomain,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.client.userPoolClientId,
  });
  const pipeline = new PipelineStack(app, name('Pipeline'), {
    env,
    settings,
    shared: { ...shared, environment: { APP_URL: settings.appUrl ?? web.url } },
    webOrigin: web.url,
  });

  if (!settings.appUrl) {
    Annotations.of(auth).addWarningV2(
      'family-finance:app-url-unset',
      'No appUrl (or domainName) context: auth and API functions get no APP_URL, so magic links fail fast until you redeploy with -c appUrl=<the WebUrl output>.',
    );
  }

  acknowledgeNagFindings(app);
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  const stacks = { data, auth, api, web, pipeline };
  const functions = [data, auth, api, pipeline].flatMap((s) => s.functions);
  return { app, stacks, settings, functions };
}
