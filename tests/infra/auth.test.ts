import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LINKS_PER_CLIENT_PER_MINUTE } from '../../functions/contracts/auth';
import type { FunctionSpec } from '../../functions/handlers/manifest';
import { DEFAULT_MAIL_FROM } from '../../infra/settings';
import {
  actionsOf,
  environmentOf,
  findCycle,
  lambdaOf,
  resources,
  type Synthesized,
  statementsOf,
  synthesize,
} from './app';

/**
 * The manifest has no Cognito triggers yet (they are being written), so this file replaces whatever 'cognito'
 * entries it has with the four triggers, all pointing at a fixture handler, to prove the auth stack wires any
 * of them generically: by trigger type, with their needs, and without circular references.
 */
const { TRIGGERS } = vi.hoisted(() => {
  const entry = 'tests/infra/fixtures/cognito-trigger.ts';
  const triggers: FunctionSpec[] = [
    {
      id: 'TestDefineAuthChallenge',
      entry,
      trigger: { type: 'cognito', trigger: 'defineAuthChallenge' },
      needs: [],
    },
    {
      id: 'TestCreateAuthChallenge',
      entry,
      trigger: { type: 'cognito', trigger: 'createAuthChallenge' },
      needs: ['table:read', 'ses:send', 'magic-link-secret'],
    },
    {
      id: 'TestVerifyAuthChallenge',
      entry,
      trigger: { type: 'cognito', trigger: 'verifyAuthChallengeResponse' },
      needs: ['magic-link-secret'],
    },
    { id: 'TestPreSignUp', entry, trigger: { type: 'cognito', trigger: 'preSignUp' }, needs: ['table:read'] },
  ];
  return { TRIGGERS: triggers };
});

vi.mock('../../functions/handlers/manifest', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../functions/handlers/manifest')>();
  return {
    ...original,
    FUNCTIONS: [...original.FUNCTIONS.filter((f) => f.trigger.type !== 'cognito'), ...TRIGGERS],
  };
});

const LAMBDA_CONFIG_KEY = {
  defineAuthChallenge: 'DefineAuthChallenge',
  createAuthChallenge: 'CreateAuthChallenge',
  verifyAuthChallengeResponse: 'VerifyAuthChallengeResponse',
  preSignUp: 'PreSignUp',
} as const;

let s: Synthesized;
beforeAll(() => {
  s = synthesize({ stage: 'dev' });
});
afterAll(() => s.cleanup());

const spec = (id: string): FunctionSpec => {
  const found = TRIGGERS.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('auth stack', () => {
  it('has a user pool for passwordless e-mail sign-in', () => {
    s.templates.auth.resourceCountIs('AWS::Cognito::UserPool', 1);
    s.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      // No passwords, so nothing to recover by e-mail or SMS.
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'admin_only', Priority: 1 }] },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'email', Required: true })]),
    });
  });

  it('has one app client: custom auth and refresh only, no secret, no user-existence errors, 1 h / 30 d tokens', () => {
    s.templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    s.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('attaches each Cognito trigger of the manifest by its trigger type, with invoke permission', () => {
    const pool = Object.values(resources(s.templates.auth, 'AWS::Cognito::UserPool'))[0];
    const config = pool?.Properties?.LambdaConfig as Record<string, unknown>;
    expect(Object.keys(config).sort()).toEqual(Object.values(LAMBDA_CONFIG_KEY).sort());
    for (const trigger of TRIGGERS) {
      if (trigger.trigger.type !== 'cognito') continue;
      const [logicalId] = lambdaOf(s.templates.auth, trigger);
      expect(config[LAMBDA_CONFIG_KEY[trigger.trigger.trigger]]).toEqual({
        'Fn::GetAtt': [logicalId, 'Arn'],
      });
      s.templates.auth.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [logicalId, 'Arn'] },
        Principal: 'cognito-idp.amazonaws.com',
      });
    }
  });

  it('has no circular references (triggers get neither the pool id nor the client id)', () => {
    expect(findCycle(s.templates.auth)).toBeNull();
    for (const trigger of TRIGGERS) {
      const env = environmentOf(lambdaOf(s.templates.auth, trigger)[1]);
      expect(env.USER_POOL_ID).toBeUndefined();
      expect(env.USER_POOL_CLIENT_ID).toBeUndefined();
    }
  });

  it('has an SES identity for the mailFrom context (default address)', () => {
    s.templates.auth.resourceCountIs('AWS::SES::EmailIdentity', 1);
    s.templates.auth.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: DEFAULT_MAIL_FROM });
  });

  it('has a generated magic-link signing secret on the default KMS key', () => {
    s.templates.auth.resourceCountIs('AWS::SecretsManager::Secret', 1);
    s.templates.auth.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'family-finance/dev/magic-link-signing-key',
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
      KmsKeyId: Match.absent(),
    });
  });

  it('lets only the functions that need it read the secret, by name and ARN, and send mail from the identity', () => {
    const [secretId] = Object.keys(resources(s.templates.auth, 'AWS::SecretsManager::Secret'));
    const create = spec('TestCreateAuthChallenge');
    const statements = statementsOf(s.templates.auth, create);
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Resource: { Ref: secretId } }),
    );
    const ses = statements.find((st) => actionsOf(st).includes('ses:SendEmail'));
    expect(JSON.stringify(ses?.Resource)).toContain(`:identity/${DEFAULT_MAIL_FROM}`);
    expect(environmentOf(lambdaOf(s.templates.auth, create)[1])).toMatchObject({
      MAIL_FROM: DEFAULT_MAIL_FROM,
      MAGIC_LINK_SECRET_NAME: 'family-finance/dev/magic-link-signing-key',
      TABLE_NAME: expect.anything(),
    });

    const define = spec('TestDefineAuthChallenge');
    const defineActions = statementsOf(s.templates.auth, define).flatMap(actionsOf);
    expect(defineActions.filter((a) => !/^(logs|xray):/.test(a))).toEqual([]);
    const env = environmentOf(lambdaOf(s.templates.auth, define)[1]);
    expect(env.MAGIC_LINK_SECRET_NAME).toBeUndefined();
    expect(env.TABLE_NAME).toBeUndefined();
  });

  it('limits sign-in links per client: a WAF rate-based rule on the user pool, as the twin counts them', () => {
    const acls = Object.entries(resources(s.templates.auth, 'AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties?.Scope).toBe('REGIONAL');
    expect(acl.Properties?.DefaultAction).toEqual({ Allow: {} });
    // biome-ignore lint/suspicious/noExplicitAny: the template's rule, read as CloudFormation writes it
    const rules = acl.Properties?.Rules as Array<Record<string, any>>;
    expect(rules).toHaveLength(1);
    const rate = rules[0]!.Statement.RateBasedStatement;
    expect(rules[0]!.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    expect(rate).toMatchObject({
      Limit: LINKS_PER_CLIENT_PER_MINUTE,
      EvaluationWindowSec: 60,
      AggregateKeyType: 'IP',
    });
    const [target, notYes] = rate.ScopeDownStatement.AndStatement.Statements;
    // Cognito's API names its operation in X-Amz-Target; a request for a link is every answer but 'yes'.
    expect(target.ByteMatchStatement).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
      PositionalConstraint: 'EXACTLY',
      SearchString: 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
    });
    expect(notYes.NotStatement.Statement.ByteMatchStatement).toMatchObject({
      FieldToMatch: {
        JsonBody: {
          MatchPattern: { IncludedPaths: ['/ClientMetadata/alreadyHaveMagicLink'] },
          MatchScope: 'VALUE',
          // A body WAF cannot read is not a 'yes': it is counted.
          InvalidFallbackBehavior: 'NO_MATCH',
          OversizeHandling: 'NO_MATCH',
        },
      },
      PositionalConstraint: 'EXACTLY',
      SearchString: 'yes',
    });
    const associations = Object.entries(resources(s.templates.auth, 'AWS::WAFv2::WebACLAssociation'));
    expect(associations).toHaveLength(1);
    const pool = Object.keys(resources(s.templates.auth, 'AWS::Cognito::UserPool'))[0];
    expect(associations[0]![1].Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': [pool, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });

  it('gives the triggers the 5 s timeout Cognito allows', () => {
    for (const trigger of TRIGGERS) {
      expect(lambdaOf(s.templates.auth, trigger)[1].Properties?.Timeout).toBe(5);
    }
  });
});
