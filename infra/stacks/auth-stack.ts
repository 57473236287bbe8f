import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { LINKS_PER_CLIENT_PER_MINUTE } from '../../functions/contracts/auth';
import { FUNCTIONS, type Trigger } from '../../functions/handlers/manifest';
import { functionBindings } from '../bindings';
import { AppFunction } from '../constructs/app-function';
import { type AppSettings, removalPolicy } from '../settings';

type CognitoTrigger = Extract<Trigger, { type: 'cognito' }>['trigger'];

const OPERATION = {
  defineAuthChallenge: cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE,
  createAuthChallenge: cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE,
  verifyAuthChallengeResponse: cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
  preSignUp: cognito.UserPoolOperation.PRE_SIGN_UP,
} as const satisfies Record<CognitoTrigger, cognito.UserPoolOperation>;

/**
 * Passwordless e-mail sign-in: a Cognito user pool whose custom-auth triggers (the manifest's 'cognito'
 * functions) send and verify signed magic links, the SES identity they are sent from, and the secret that
 * signs them. The SPA signs in with CUSTOM_AUTH through the app client; the API verifies the pool's JWTs.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly magicLinkSecret: Secret;
  readonly mail: { from: string; identityArn: string };
  readonly functions: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: StackProps & { settings: AppSettings; table: ITable }) {
    super(scope, id, props);
    const { settings } = props;

    this.userPool = new cognito.UserPool(this, 'Users', {
      userPoolName: `family-finance-${settings.stage}`,
      // Sign-up goes through our API (a handler calls SignUp), with the e-mail address as the username.
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // Nobody signs in with a password; SignUp still requires one, so the API sets a long random one.
      passwordPolicy: {
        minLength: 16,
        requireDigits: true,
        requireLowercase: true,
        requireUppercase: true,
        requireSymbols: true,
      },
      accountRecovery: cognito.AccountRecovery.NONE,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: settings.prod,
      removalPolicy: removalPolicy(settings),
    });
    this.client = this.userPool.addClient('Web', {
      userPoolClientName: 'web',
      authFlows: { custom: true, userSrp: false, userPassword: false, adminUserPassword: false },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    this.linkRequestLimit();

    // Encrypted with the account's default Secrets Manager key.
    this.magicLinkSecret = new Secret(this, 'MagicLinkSecret', {
      secretName: settings.names.magicLinkSecret,
      description: 'HMAC key that signs passwordless sign-in links',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: removalPolicy(settings),
    });

    const isAddress = settings.mailFrom.includes('@');
    new EmailIdentity(this, 'MailFrom', {
      identity: isAddress ? Identity.email(settings.mailFrom) : Identity.domain(settings.mailFrom),
    });
    this.mail = {
      from: isAddress ? settings.mailFrom : `no-reply@${settings.mailFrom}`,
      identityArn: this.formatArn({ service: 'ses', resource: 'identity', resourceName: settings.mailFrom }),
    };

    // Triggers get neither the pool id nor the client id: both would be circular (pool -> trigger -> pool),
    // and Cognito puts both in every trigger event.
    const bindings = functionBindings(this, settings, {
      table: props.table,
      mail: this.mail,
      magicLinkSecret: { secret: this.magicLinkSecret, name: settings.names.magicLinkSecret },
    });
    for (const spec of FUNCTIONS) {
      if (spec.trigger.type !== 'cognito') continue;
      const fn = new AppFunction(this, spec, bindings);
      this.functions.push(fn);
      this.userPool.addTrigger(OPERATION[spec.trigger.trigger], fn.fn);
    }

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Passwordless: the single factor is possession of the e-mail inbox, proven by a single-use, short-lived signed link; there is no password to pair a second factor with.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection needs the Plus feature plan; with magic links there are no passwords to stuff or spray, and sign-in e-mails are rate limited by the trigger functions.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials feature plan: the Plus plan is for threat protection, which password-based risks motivate and magic links do not have (see COG3).',
      },
    );
    Validations.of(this.magicLinkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating the link-signing key invalidates links in flight; it is rotated by hand with a two-key window rather than on a schedule.',
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.client.userPoolClientId });
  }

  /**
   * Sign-in links per client, as the twin's Cognito limits them: a WAF web ACL on the user pool whose
   * rate-based rule blocks a network address past LINKS_PER_CLIENT_PER_MINUTE requests for a link in a minute
   * (WAF's one-minute evaluation window), whatever the addresses asked for; each address has its own limit
   * besides (the trigger's one link per 30 s). A request for a link is Cognito's RespondToAuthChallenge (the
   * `X-Amz-Target` header) whose JSON body's ClientMetadata.alreadyHaveMagicLink is not 'yes': the triggers mail
   * a link for anything else. A body WAF cannot read (past its inspection limit, or not JSON) counts as one.
   * The Cognito triggers are not told the caller's address, so the limit cannot live in them.
   */
  private linkRequestLimit(): void {
    const acl = new wafv2.CfnWebACL(this, 'SignInLimits', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'SignInLimits',
        sampledRequestsEnabled: true,
      },
      rules: [
        {
          name: 'SignInLinksPerClient',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429 } } },
          visibilityConfig: {
            cloudWatchMetricsEnabled: true,
            metricName: 'SignInLinksPerClient',
            sampledRequestsEnabled: true,
          },
          statement: {
            rateBasedStatement: {
              limit: LINKS_PER_CLIENT_PER_MINUTE,
              evaluationWindowSec: 60,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                        positionalConstraint: 'EXACTLY',
                        searchString: 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    {
                      notStatement: {
                        statement: {
                          byteMatchStatement: {
                            fieldToMatch: {
                              jsonBody: {
                                matchPattern: { includedPaths: ['/ClientMetadata/alreadyHaveMagicLink'] },
                                matchScope: 'VALUE',
                                invalidFallbackBehavior: 'NO_MATCH',
                                oversizeHandling: 'NO_MATCH',
                              },
                            },
                            positionalConstraint: 'EXACTLY',
                            searchString: 'yes',
                            textTransformations: [{ priority: 0, type: 'NONE' }],
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
        },
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'SignInLimitsOnUserPool', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: acl.attrArn,
    });
  }
}
