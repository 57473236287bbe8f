import { RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { AppFunction } from '../constructs/app-function';

/**
 * The HTTP API: one route per manifest route, each to its function, all behind the Cognito JWT authorizer
 * except the routes marked public. Throttled, with JSON access logs.
 */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      stage: string;
      table: ITable;
      uploads: IBucket;
      userPoolId: string;
      userPoolClientId: string;
      environment?: Record<string, string>;
    },
  ) {
    super(scope, id, props);
    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${props.userPoolId}`;
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', issuer, {
      jwtAudience: [props.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
    this.api = new apigw.HttpApi(this, 'Api', {
      createDefaultStage: false,
      description: 'Family Finance API',
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 100, rateLimit: 50 },
    });
    const cfnStage = stage.node.defaultChild as apigw.CfnStage;
    cfnStage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        routeKey: '$context.routeKey',
        status: '$context.status',
        latency: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };

    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'http') continue;
      const fn = new AppFunction(this, spec, {
        table: props.table,
        uploads: props.uploads,
        environment: {
          USER_POOL_ID: props.userPoolId,
          USER_POOL_CLIENT_ID: props.userPoolClientId,
          ...props.environment,
        },
      }).fn;
      const integration = new HttpLambdaIntegration(`${spec.id}Integration`, fn);
      for (const route of spec.trigger.routes) {
        const routes = this.api.addRoutes({
          path: route.path,
          methods: [apigw.HttpMethod[route.method]],
          integration,
          ...(route.public ? {} : { authorizer }),
        });
        if (route.public) {
          for (const r of routes) {
            Validations.of(r).acknowledge({
              id: 'AwsSolutions-APIG4',
              reason: `${route.method} ${route.path} is public by design (no signed-in user exists yet for it).`,
            });
          }
        }
      }
    }
  }
}
