import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { FUNCTIONS } from '../../functions/handlers/manifest';
import { AppFunction } from '../constructs/app-function';

const TRIGGER_OPERATION = {
  defineAuthChallenge: cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE,
  createAuthChallenge: cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE,
  verifyAuthChallengeResponse: cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
  preSignUp: cognito.UserPoolOperation.PRE_SIGN_UP,
} as const;

/**
 * Passwordless e-mail sign-in: a Cognito user pool whose custom-auth triggers (from the manifest) send and
 * verify signed magic links, SES to send them, and a secret to sign them.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly magicLinkSecret: Secret;

  constructor(
    scope: Construct,
    id: string,
    props: StackProps & { stage: string; table: ITable; mailFrom: string; appUrl: string },
  ) {
    super(scope, id, props);
    const prod = props.stage === 'prod';
    this.userPool = new cognito.UserPool(this, 'Users', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      accountRecovery: cognito.AccountRecovery.NONE,
      passwordPolicy: {
        minLength: 16,
        requireDigits: true,
        requireLowercase: true,
        requireUppercase: true,
        requireSymbols: true,
      },
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      deletionProtection: prod,
    });
    this.client = this.userPool.addClient('Web', {
      authFlows: { custom: true, userSrp: false, userPassword: false, adminUserPassword: false },
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });
    this.magicLinkSecret = new Secret(this, 'MagicLinkSecret', {
      description: 'Signs passwordless sign-in links',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    const identity = new EmailIdentity(this, 'MailFrom', { identity: Identity.email(props.mailFrom) });
    const sesIdentityArn = this.formatArn({
      service: 'ses',
      resource: 'identity',
      resourceName: props.mailFrom,
    });

    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'cognito') continue;
      const fn = new AppFunction(this, spec, {
        table: props.table,
        sesIdentityArn,
        magicLinkSecret: this.magicLinkSecret,
        environment: {
          MAIL_FROM: props.mailFrom,
          APP_URL: props.appUrl,
          USER_POOL_CLIENT_ID: this.client.userPoolClientId,
        },
      }).fn;
      this.userPool.addTrigger(TRIGGER_OPERATION[spec.trigger.trigger], fn);
    }
    void identity;

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'Sign-in is passwordless (magic links); no user ever sets a password.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'Possession of the e-mail inbox is the factor; a second factor is on the roadmap.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (Plus tier) is not priced in yet; links are single-use, expire in 15 minutes and are rate limited.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Essentials tier: Plus-tier threat protection deferred for cost, see COG3.',
      },
    );
    Validations.of(this.magicLinkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the link-signing key would invalidate links in flight; rotated manually with a two-key window.',
    });
  }
}
