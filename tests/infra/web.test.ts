import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPA_FALLBACK_FUNCTION, WEB_DIST } from '../../infra/stacks/web-stack';
import { findCycle, props, resourceByPrefix, resources, type Synthesized, synthesize } from './app';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

/** AWS managed CloudFront policies (fixed ids). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const distribution = () => {
  const found = Object.values(resources(s.templates.web, 'AWS::CloudFront::Distribution'));
  expect(found).toHaveLength(1);
  return found[0]?.Properties?.DistributionConfig as Record<string, unknown> & {
    DefaultCacheBehavior: Record<string, unknown>;
    CacheBehaviors: Array<Record<string, unknown>>;
  };
};

/** Runs the CloudFront Function's code on a viewer-request event. */
function rewrite(uri: string): string {
  const handler = new Function(`${SPA_FALLBACK_FUNCTION}; return handler;`)() as (event: {
    request: { uri: string };
  }) => { uri: string };
  return handler({ request: { uri } }).uri;
}

describe('web stack', () => {
  it('keeps the site bucket private, encrypted and TLS-only, served through Origin Access Control', () => {
    const [siteId, site] = resourceByPrefix(s.templates.web, 'AWS::S3::Bucket', 'Site');
    expect(site.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(site.Properties?.WebsiteConfiguration).toBeUndefined();
    s.templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    s.templates.web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    s.templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('serves index.html by default over HTTPS only, with the SPA fallback function on viewer requests', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    const [functionId] = resourceByPrefix(s.templates.web, 'AWS::CloudFront::Function', 'SpaFallback');
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    // Not error responses: those would also turn the API's 403/404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('rewrites client routes, not files, to /index.html', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/app')).toBe('/index.html');
    expect(rewrite('/app/accounts/01J0ABC/transactions')).toBe('/index.html');
    expect(rewrite('/assets/index-4f2a9c.js')).toBe('/assets/index-4f2a9c.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('forwards /api/* to the HTTP API: all methods, no caching, every viewer header but Host', () => {
    const config = distribution();
    expect(config.CacheBehaviors).toHaveLength(1);
    const api = config.CacheBehaviors[0];
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    expect(api?.FunctionAssociations).toBeUndefined();
    const origins = config.Origins as Array<{
      Id: string;
      DomainName: unknown;
      CustomOriginConfig?: unknown;
    }>;
    const apiOrigin = origins.find((o) => o.Id === api?.TargetOriginId);
    expect(JSON.stringify(apiOrigin?.DomainName)).toMatch(
      /-Api:ExportsOutputRefApi[0-9A-F]{8}.*\.execute-api\./,
    );
    expect(apiOrigin?.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it('sends CSP, HSTS and the other security headers on every response', () => {
    const [policyId, policy] = resourceByPrefix(
      s.templates.web,
      'AWS::CloudFront::ResponseHeadersPolicy',
      'SecurityHeaders',
    );
    const headers = (
      props(policy).ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
    ).SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Preload: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const config = distribution();
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(config.CacheBehaviors[0]?.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('has a CSP that allows only this origin, the Cognito IdP and the uploads bucket', () => {
    const [, policy] = resourceByPrefix(
      s.templates.web,
      'AWS::CloudFront::ResponseHeadersPolicy',
      'SecurityHeaders',
    );
    const csp = JSON.stringify(
      (
        props(policy).ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ContentSecurityPolicy: unknown };
        }
      ).SecurityHeadersConfig.ContentSecurityPolicy,
    );
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data:",
      "style-src 'self' 'unsafe-inline'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toContain(
      "connect-src 'self' https://cognito-idp.eu-west-2.amazonaws.com https://family-finance-dev-pdfs-",
    );
    expect(csp).toContain('.s3.eu-west-2.amazonaws.com');
    expect(csp).not.toMatch(/unsafe-eval|\s\*[\s;]/);
  });

  it('logs CloudFront requests and site-bucket access to a logs bucket', () => {
    const [logsId] = resourceByPrefix(s.templates.web, 'AWS::S3::Bucket', 'AccessLogs');
    expect(distribution().Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    const [, site] = resourceByPrefix(s.templates.web, 'AWS::S3::Bucket', 'Site');
    expect(site.Properties?.LoggingConfiguration).toEqual({
      DestinationBucketName: { Ref: logsId },
      LogFilePrefix: 'site/',
    });
  });

  it('deploys a runtime config.json (stage, region, user pool, client, /api) and web/dist when built', () => {
    s.templates.web.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const deployment = Object.values(resources(s.templates.web, 'Custom::CDKBucketDeployment'))[0];
    const keys = deployment?.Properties?.SourceObjectKeys as unknown[];
    const built = existsSync(join(WEB_DIST, 'index.html'));
    expect(keys).toHaveLength(built ? 2 : 1);
    // Source.jsonData stages config.json as an asset; tokens become markers filled in at deploy time.
    const configs = readdirSync(s.outdir)
      .filter((dir) => dir.startsWith('asset.'))
      .map((dir) => join(s.outdir, dir, 'config.json'))
      .filter((file) => existsSync(file));
    expect(configs).toHaveLength(1);
    const config = JSON.parse(readFileSync(configs[0] ?? '', 'utf8')) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual([
      'apiBaseUrl',
      'region',
      'stage',
      'userPoolClientId',
      'userPoolId',
    ]);
    expect(config).toMatchObject({ stage: 'dev', region: 'eu-west-2', apiBaseUrl: '/api' });
    const markers = JSON.stringify(deployment?.Properties?.SourceMarkers);
    expect(markers).toMatch(/ExportsOutputRefUsers[0-9A-F]{8}/);
    expect(markers).toMatch(/ExportsOutputRefUsersWeb[0-9A-F]{8}/);
    const warnings = s.assembly
      .getStackArtifact(s.stacks.web.artifactId)
      .messages.map((m) => String(m.entry.data));
    expect(warnings.some((w) => w.includes('web/dist is missing'))).toBe(!built);
  });

  it('has no circular references', () => {
    expect(findCycle(s.templates.web)).toBeNull();
  });
});
