import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { type ApiArea, apiFunctions, FUNCTIONS, type FunctionSpec } from '../../functions/handlers/manifest';
import { functionBindings, type SharedResources } from '../bindings';
import { AppFunction } from '../constructs/app-function';
import { type AppSettings, removalPolicy } from '../settings';

/**
 * The HTTP API: one route per manifest route (method + path) to the function of its area, every route behind
 * the Cognito JWT authorizer unless its scope is public. One function per area (not per route) keeps the
 * stack far below CloudFormation's 500 resources: a route costs a route and a permission, an area its
 * function, role, policy, log group and integration. Throttled, with JSON access logs. The SPA reaches it
 * through CloudFront's /api/* behaviour, so it needs no CORS.
 */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
  /** Host name of the execute-api endpoint, for the CloudFront origin. */
  readonly apiDomain: string;
  readonly functions: AppFunction[] = [];
  /** The Stripe keys, read by the billing (subscription area) function only; filled in by the operator. */
  readonly stripeSecret: Secret;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      settings: AppSettings;
      shared: SharedResources;
      userPoolId: string;
      userPoolClientId: string;
      /** The manifest's route handlers (tests add planned routes to count resources). */
      routes?: FunctionSpec[];
      /** An area's router module (tests point areas that have no module yet at a stand-in). */
      areaEntry?: (area: ApiArea) => string;
    },
  ) {
    super(scope, id, props);
    const { settings } = props;

    this.api = new apigw.HttpApi(this, 'Api', {
      apiName: `family-finance-${settings.stage}`,
      description: 'Family Finance API (served under /api/* of the web distribution)',
      createDefaultStage: false,
    });
    this.apiDomain = `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.prod ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: removalPolicy(settings),
    });
    this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 100, rateLimit: 50 },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            error: '$context.error.message',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    // Cognito access tokens carry client_id rather than aud; the JWT authorizer accepts either.
    const authorizer = new HttpJwtAuthorizer(
      'CognitoJwt',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPoolId}`,
      { jwtAudience: [props.userPoolClientId], identitySource: ['$request.header.Authorization'] },
    );
    // Created with empty keys (nothing secret in the template): until the operator puts the account's keys
    // in (aws secretsmanager put-secret-value), checkout answers 'Stripe not configured'.
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      secretName: settings.names.stripeSecret,
      description: 'Stripe keys for checkout and webhooks (JSON: secret_key, webhook_secret, price_id)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secret_key: '', webhook_secret: '', price_id: '' }),
        generateStringKey: 'unused',
        excludePunctuation: true,
      },
      removalPolicy: removalPolicy(settings),
    });
    Validations.of(this.stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "Stripe's keys are rolled in Stripe's dashboard, not by a Lambda rotation; the operator puts the new keys in this secret.",
    });
    const bindings = functionBindings(this, settings, {
      ...props.shared,
      stripeSecret: { secret: this.stripeSecret, name: settings.names.stripeSecret },
      environment: { USER_POOL_ID: props.userPoolId, USER_POOL_CLIENT_ID: props.userPoolClientId },
    });

    for (const spec of apiFunctions(props.routes ?? FUNCTIONS, props.areaEntry)) {
      if (spec.trigger.type !== 'http') continue;
      const fn = new AppFunction(this, spec, bindings);
      this.functions.push(fn);
      const integration = new HttpLambdaIntegration(`${spec.id}Integration`, fn.fn);
      for (const route of spec.trigger.routes) {
        const routes = this.api.addRoutes({
          path: route.path,
          methods: [apigw.HttpMethod[route.method]],
          integration,
          authorizer: route.scope === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
        });
        if (route.scope !== 'public') continue;
        for (const r of routes) {
          Validations.of(r).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public in the function manifest: it serves callers without a session (health check, sign-in/sign-up, signature-checked webhooks, the landing page's size- and rate-limited feedback and analytics events).`,
          });
        }
      }
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}
