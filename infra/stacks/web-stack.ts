import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../constructs/app-function';

/** Client routes (paths without a file extension) are answered with the SPA's index.html. */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!uri.startsWith('/api/') && uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The SPA: a private bucket behind CloudFront (Origin Access Control), `/api/*` forwarded to the HTTP API on
 * the same origin, security headers on every response, and a runtime config.json so one build serves any stage.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      stage: string;
      apiEndpoint: string;
      uploadsBucketDomain: string;
      userPoolId: string;
      userPoolClientId: string;
    },
  ) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
    });
    Validations.of(site).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'Static site assets only; requests are logged at CloudFront, not per object.',
    });

    const cognitoEndpoint = `https://cognito-idp.${this.region}.amazonaws.com`;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            `connect-src 'self' ${cognitoEndpoint} https://${props.uploadsBucketDomain}`,
            "img-src 'self' data:",
            "style-src 'self' 'unsafe-inline'",
            "script-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
          ].join('; '),
        },
        strictTransportSecurity: {
          override: true,
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { override: true, frameOption: cloudfront.HeadersFrameOption.DENY },
        referrerPolicy: {
          override: true,
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        },
      },
    });
    const fallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const apiDomain = props.apiEndpoint.replace(/^https:\/\//, '').replace(/\/$/, '');
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      defaultRootObject: 'index.html',
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: fallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'UK families travel; no geographic restriction is wanted.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'WAF is added per deployment with the account-level web ACL; API Gateway throttles.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: 'Standard logging v2 is configured per account; the API keeps its own access logs.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default CloudFront certificate is used until a custom domain is attached (TLS 1.2 minimum then).',
      },
    );

    const sources = [
      Source.jsonData('config.json', {
        stage: props.stage,
        region: this.region,
        userPoolId: props.userPoolId,
        userPoolClientId: props.userPoolClientId,
        apiBaseUrl: '/api',
      }),
    ];
    const dist = resolve(REPO_ROOT, 'web', 'dist');
    if (existsSync(resolve(dist, 'index.html'))) sources.unshift(Source.asset(dist));
    else console.warn('web/dist is missing: deploying config.json only (run npm run build:web first).');
    new BucketDeployment(this, 'DeploySite', {
      destinationBucket: site,
      sources,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      prune: false,
      memoryLimit: 512,
    });
  }
}
