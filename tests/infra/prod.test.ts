import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedFunctions } from '../../functions/handlers/manifest';
import { unacknowledgedFindings } from '../../infra/nag-suppressions';
import {
  actionsOf,
  environmentOf,
  lambdaOf,
  resourceByPrefix,
  type Synthesized,
  stackOf,
  statementsOf,
  synthesize,
} from './app';

/** The prod stage, with a custom domain: data retained and protected, no localhost, TLS 1.2 at the edge. */
const DOMAIN = 'money.example.co.uk';
const CERTIFICATE = 'arn:aws:acm:us-east-1:111122223333:certificate/00000000-0000-0000-0000-000000000000';

/** A cross-region inference profile rather than an on-demand model. */
const PROFILE = 'eu.anthropic.claude-3-haiku-20240307-v1:0';

let s: Synthesized;
beforeAll(() => {
  s = synthesize({
    stage: 'prod',
    context: { domainName: DOMAIN, certificateArn: CERTIFICATE, bedrockModelId: PROFILE },
  });
});
afterAll(() => s.cleanup());

describe('prod stage', () => {
  it('names the stacks by stage', () => {
    expect(Object.values(s.stacks).map((stack) => stack.stackName)).toEqual([
      'FamilyFinance-prod-Data',
      'FamilyFinance-prod-Auth',
      'FamilyFinance-prod-Api',
      'FamilyFinance-prod-Web',
      'FamilyFinance-prod-Pipeline',
    ]);
  });

  it('protects the table from deletion and retains it', () => {
    s.templates.data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });

  it('protects and retains the user pool and the signing secret', () => {
    s.templates.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    s.templates.auth.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
  });

  it('retains the buckets and does not auto-delete their objects', () => {
    for (const stack of ['web', 'pipeline'] as const) {
      for (const [id, bucket] of Object.entries(s.templates[stack].findResources('AWS::S3::Bucket'))) {
        expect(bucket.DeletionPolicy, `${stack}/${id}`).toBe('Retain');
      }
      s.templates[stack].resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    }
  });

  it('allows uploads from the custom domain and the CloudFront domain only (no localhost)', () => {
    const [, bucket] = resourceByPrefix(s.templates.pipeline, 'AWS::S3::Bucket', 'PdfUploads');
    const cors = JSON.stringify(bucket.Properties?.CorsConfiguration);
    expect(cors).toContain(`https://${DOMAIN}`);
    expect(cors).not.toContain('localhost');
  });

  it('serves the custom domain with its certificate and TLS 1.2 minimum', () => {
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [DOMAIN],
        ViewerCertificate: {
          AcmCertificateArn: CERTIFICATE,
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it('gives every function APP_URL = the custom domain and STAGE = prod', () => {
    for (const spec of deployedFunctions()) {
      const [, fn] = lambdaOf(s.templates[stackOf(spec)], spec);
      const env = environmentOf(fn);
      expect(env.STAGE, spec.id).toBe('prod');
      expect(env.APP_URL, spec.id).toBe(`https://${DOMAIN}`);
    }
  });

  it('lets Bedrock users invoke the inference profile and its model only', () => {
    for (const spec of deployedFunctions().filter((f) => f.needs.includes('bedrock'))) {
      const env = environmentOf(lambdaOf(s.templates[stackOf(spec)], spec)[1]);
      expect(env.BEDROCK_MODEL_ID).toBe(PROFILE);
      const invoke = statementsOf(s.templates[stackOf(spec)], spec).filter((st) =>
        actionsOf(st).includes('bedrock:InvokeModel'),
      );
      expect(invoke).toHaveLength(1);
      const targets = JSON.stringify(invoke[0]?.Resource);
      expect(targets).toContain(`:inference-profile/${PROFILE}`);
      expect(targets).toContain(':bedrock:*::foundation-model/anthropic.claude-3-haiku-20240307-v1:0');
    }
  });

  it('has zero unacknowledged cdk-nag findings (CFR4 no longer needs acknowledging)', () => {
    expect(unacknowledgedFindings(s.app)).toEqual([]);
    const distribution = s.stacks.web.distribution.node.metadata.filter(
      (m) => m.type === 'aws:cdk:acknowledged-rules',
    );
    expect(JSON.stringify(distribution)).not.toContain('CFR4');
  });
});
