import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { REPO_ROOT } from '../constructs/repo-root';
import { type AppSettings, removalPolicy } from '../settings';

export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

/**
 * Client-side routes are answered with the SPA's index.html: any path without a file extension. Done on the
 * default (S3) behaviour only, so /api/* errors reach the browser unchanged (errorResponses would rewrite
 * every 403/404 of the distribution, the API's included).
 */
export const SPA_FALLBACK_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The SPA: a private bucket behind CloudFront (Origin Access Control), /api/* forwarded to the HTTP API on the
 * same origin (no CORS, one cookie-less origin for the CSP), security headers on every response, and a
 * runtime config.json so one build of web/dist serves any stage.
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly url: string;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & {
      settings: AppSettings;
      apiDomain: string;
      userPoolId: string;
      userPoolClientId: string;
    },
  ) {
    super(scope, id, props);
    const { settings } = props;

    // CloudFront standard logs need ACLs on their bucket; the site bucket's access logs go there too.
    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(settings.prod ? 365 : 30) }],
      removalPolicy: removalPolicy(settings),
      autoDeleteObjects: !settings.prod,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket: logging its own access would log into itself.',
    });
    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: removalPolicy(settings),
      autoDeleteObjects: !settings.prod,
    });

    const uploadsEndpoint = `https://${settings.names.uploadsBucket}.s3.${this.region}.amazonaws.com`;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Family Finance security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: [
            "default-src 'self'",
            // Amplify talks to the Cognito IdP; statements are PUT straight to the uploads bucket.
            `connect-src 'self' https://cognito-idp.${this.region}.amazonaws.com ${uploadsEndpoint}`,
            "img-src 'self' data:",
            "style-src 'self' 'unsafe-inline'",
            "script-src 'self'",
            "font-src 'self'",
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
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Client routes (no file extension) -> /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    // TLS 1.2+ needs a custom certificate; the default *.cloudfront.net one has a fixed (TLSv1) policy.
    const customDomain =
      settings.domainName && settings.certificateArn
        ? {
            domainNames: [settings.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {};
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `Family Finance ${settings.stage}`,
      ...customDomain,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Europe and North America edges: the users are UK families.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization included) but Host, which must be the execute-api host.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    this.url = settings.domainName
      ? `https://${settings.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: UK families use the app while travelling abroad.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL (it must live in us-east-1, outside this regional app): the API behind /api/* is JWT-protected and throttled at API Gateway, and the rest is static files.',
      },
      ...(settings.domainName
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'No custom domain configured (context domainName + certificateArn), so the default *.cloudfront.net certificate is used; with a domain the viewer policy is TLSv1.2_2021.',
            },
          ]),
    );

    // One build of the SPA serves every stage: it reads its settings from /config.json at start.
    const sources = [];
    if (existsSync(join(WEB_DIST, 'index.html'))) {
      sources.push(Source.asset(WEB_DIST, { exclude: ['config.json'] }));
    } else {
      Annotations.of(this).addWarningV2(
        'family-finance:web-dist-missing',
        'web/dist is missing (run npm run build:web): deploying config.json only, without the SPA.',
      );
    }
    sources.push(
      Source.jsonData('config.json', {
        stage: settings.stage,
        region: this.region,
        userPoolId: props.userPoolId,
        userPoolClientId: props.userPoolClientId,
        apiBaseUrl: '/api',
      }),
    );
    new BucketDeployment(this, 'DeploySite', {
      destinationBucket: site,
      sources,
      // Old hashed assets stay for tabs opened before the deploy; index.html and config.json are invalidated.
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      memoryLimit: 512,
    });

    new CfnOutput(this, 'WebUrl', { value: this.url });
  }
}
