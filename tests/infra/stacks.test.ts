import '../../functions/local/polyfills';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { buildApp } from '../../infra/app';
import { ACKNOWLEDGEMENTS, checkNag } from '../../infra/nag-acknowledgements';
import { PIPELINE_TASKS } from '../../infra/shared/statement-pipeline';
import { TABLE_INDEXES } from '../../infra/shared/table-definition';

// Synthesize once (bundling every function takes a few seconds); prod stage for the retention checks.
let built: ReturnType<typeof buildApp>;
let prod: ReturnType<typeof buildApp>;
const t = {} as Record<'data' | 'auth' | 'pipeline' | 'api' | 'web' | 'prodData', Template>;

beforeAll(() => {
  built = buildApp({ stage: 'dev', outdir: mkdtempSync(join(tmpdir(), 'cdk-dev-')) });
  t.data = Template.fromStack(built.data);
  t.auth = Template.fromStack(built.auth);
  t.pipeline = Template.fromStack(built.pipeline);
  t.api = Template.fromStack(built.api);
  t.web = Template.fromStack(built.web);
  prod = buildApp({ stage: 'prod', outdir: mkdtempSync(join(tmpdir(), 'cdk-prod-')) });
  t.prodData = Template.fromStack(prod.data);
});

function statements(template: Template): Array<{ Action: string | string[]; Resource: unknown }> {
  return Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p) =>
      (
        p as {
          Properties: {
            PolicyDocument: { Statement: Array<{ Action: string | string[]; Resource: unknown }> };
          };
        }
      ).Properties.PolicyDocument.Statement,
  );
}
const actions = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('data stack', () => {
  it('has one on-demand table with pk/sk, the shared GSIs, PITR and TTL', () => {
    t.data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    t.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: TABLE_INDEXES.map((i) =>
        Match.objectLike({
          IndexName: i.indexName,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('seeds the institution catalogue with a custom resource on deployment', () => {
    const seeds = FUNCTIONS.filter((f) => f.trigger.type === 'seed');
    t.data.resourceCountIs('AWS::CloudFormation::CustomResource', seeds.length);
    if (seeds.length) {
      t.data.hasResourceProperties('AWS::CloudFormation::CustomResource', {
        version: Match.stringLikeRegexp('^[0-9a-f]{16}$'),
      });
    }
  });

  it('protects the prod table from deletion and retains it', () => {
    t.prodData.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
    });
    t.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });
});

describe('auth stack', () => {
  it('has a user pool with an e-mail sign-in and a custom-auth client without a secret', () => {
    t.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
    });
    t.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  it('has a magic-link signing secret and an SES identity', () => {
    t.auth.resourceCountIs('AWS::SecretsManager::Secret', 1);
    t.auth.resourceCountIs('AWS::SES::EmailIdentity', 1);
  });

  it('attaches every Cognito trigger in the manifest', () => {
    const triggers = FUNCTIONS.filter((f) => f.trigger.type === 'cognito');
    const pool = Object.values(t.auth.findResources('AWS::Cognito::UserPool'))[0] as {
      Properties: { LambdaConfig?: Record<string, unknown> };
    };
    expect(Object.keys(pool.Properties.LambdaConfig ?? {}).length).toBe(triggers.length);
  });
});

describe('pipeline stack', () => {
  it('keeps uploads private, encrypted, TLS-only, logged, with lifecycle rules', () => {
    t.pipeline.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.objectLike({
        ServerSideEncryptionConfiguration: [
          Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }),
        ],
      }),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'pdf-uploads/' }),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
          Match.objectLike({ ExpirationInDays: 30, Status: 'Enabled' }),
        ]),
      },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['PUT'] })] },
    });
    t.pipeline.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('notifies the trigger function of new .pdf objects', () => {
    t.pipeline.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          Match.objectLike({
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'suffix', Value: '.pdf' }] } },
          }),
        ],
      },
    });
  });

  it('runs a STANDARD state machine from the shared ASL with logging and tracing', () => {
    const machines = t.pipeline.findResources('AWS::StepFunctions::StateMachine');
    const machine = Object.values(machines)[0] as { Properties: Record<string, unknown> };
    expect(machine.Properties.StateMachineType).toBe('STANDARD');
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: 'ALL' });
    const substitutions = machine.Properties.DefinitionSubstitutions as Record<string, unknown>;
    expect(Object.keys(substitutions).sort()).toEqual([...PIPELINE_TASKS].sort());
  });

  it('gives the trigger function only states:StartExecution (plus tracing)', () => {
    const trigger = statements(t.pipeline).filter((s) => actions(s).includes('states:StartExecution'));
    expect(trigger).toHaveLength(1);
    expect(actions(trigger[0]!)).toEqual(['states:StartExecution']);
  });
});

describe('every function', () => {
  it('runs Node 22 on ARM64 with tracing', () => {
    for (const template of [t.pipeline, t.api, t.auth, t.data]) {
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        const p = (fn as { Properties: Record<string, unknown> }).Properties;
        if (
          String(p.Handler).startsWith('index.handler') &&
          p.Runtime &&
          String(p.Runtime).startsWith('nodejs')
        ) {
          if ((p.Architectures as string[] | undefined)?.[0] !== 'arm64') continue; // CDK's own providers
          expect(p.Runtime).toBe('nodejs22.x');
          expect(p.TracingConfig).toEqual({ Mode: 'Active' });
        }
      }
    }
    const ours = [t.pipeline, t.api, t.auth, t.data].flatMap((tpl) =>
      Object.values(tpl.findResources('AWS::Lambda::Function', { Properties: { Architectures: ['arm64'] } })),
    );
    expect(ours.length).toBe(FUNCTIONS.length);
  });

  it('is granted no wildcard actions and no write where it only reads', () => {
    for (const template of [t.pipeline, t.api, t.auth]) {
      for (const s of statements(template)) {
        for (const action of actions(s)) {
          expect(action).not.toBe('*');
          expect(action).not.toMatch(/^(dynamodb|s3|states):\*$/);
        }
      }
    }
    const health = FUNCTIONS.find((f) => f.id === 'Health')!;
    expect(health.needs).toEqual(['table:read']);
    const healthPolicies = Object.entries(t.api.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith('Health'),
    );
    const healthActions = healthPolicies.flatMap(([, p]) =>
      (
        p as { Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } } }
      ).Properties.PolicyDocument.Statement.flatMap(actions),
    );
    expect(healthActions).toContain('dynamodb:GetItem');
    expect(healthActions.filter((a) => /^(dynamodb|s3):.*(Put|Update|Delete|Write)/.test(a))).toEqual([]);
  });
});

describe('api stack', () => {
  const routes = FUNCTIONS.flatMap((f) => (f.trigger.type === 'http' ? f.trigger.routes : []));

  it('has every manifest route, protected by the JWT authorizer unless public', () => {
    const declared = Object.values(t.api.findResources('AWS::ApiGatewayV2::Route')).map(
      (r) => (r as { Properties: { RouteKey: string; AuthorizationType?: string } }).Properties,
    );
    expect(declared.map((r) => r.RouteKey).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of routes) {
      const r = declared.find((d) => d.RouteKey === `${route.method} ${route.path}`)!;
      expect(r.AuthorizationType ?? 'NONE').toBe(route.public ? 'NONE' : 'JWT');
    }
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
    });
  });

  it('throttles and writes JSON access logs', () => {
    t.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
      AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('requestId') }),
    });
  });
});

describe('web stack', () => {
  it('serves a private bucket through CloudFront with OAC, the SPA fallback and the API on /api/*', () => {
    t.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['POST', 'DELETE']) }),
        ],
      }),
    });
  });

  it('sends CSP, HSTS and the other security headers', () => {
    t.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
          }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
  });

  it('sets a CSP that only allows our origin, Cognito and the uploads bucket', () => {
    const policy = JSON.stringify(t.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      'connect-src',
      'cognito-idp.',
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('deploys a runtime config.json', () => {
    t.web.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('has zero unacknowledged findings', () => {
    const report = checkNag(built.app);
    expect(
      report.violations.map(
        (v) =>
          `${v.ruleName} ${v.violatingResources.map((r) => (r as { constructPath?: string }).constructPath).join(',')}`,
      ),
    ).toEqual([]);
  });

  it('gives a reason for every acknowledgement', () => {
    for (const ack of ACKNOWLEDGEMENTS) expect(ack.reason.length).toBeGreaterThan(20);
    const metadata = built.app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules'))
      .flatMap((m) => Object.values(m.data as Record<string, string | { reason?: string }>));
    expect(metadata.length).toBeGreaterThan(0);
    for (const entry of metadata) {
      const reason = typeof entry === 'string' ? entry : entry.reason;
      expect(reason && reason.length > 20).toBe(true);
    }
  });
});
