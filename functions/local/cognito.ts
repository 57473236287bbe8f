import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { decodeJwt } from 'jose';
import { localSecret } from '../adapters/secrets/local-secret';
import { registerServices } from '../app/container';
import { LINKS_PER_CLIENT_PER_MINUTE } from '../contracts/auth';
import { isValidEmail } from '../domain/validation';
import type { FunctionSpec } from '../handlers/manifest';
import { FUNCTIONS } from '../handlers/manifest';
import { LOCAL_CLIENT_ID, LOCAL_USER_POOL_ID, type LocalSigner } from './jwt';
import { invoke } from './lambda-runtime';
import { twinOrigins } from './local-guard';
import type { Twin } from './server';

/**
 * The twin's Cognito user pool: the subset of the Cognito Identity Provider JSON API that Amplify v6's
 * custom-auth (passwordless) flow calls, served at POST /local/cognito (Amplify's `userPoolEndpoint`):
 * SignUp, InitiateAuth (CUSTOM_AUTH, REFRESH_TOKEN_AUTH / REFRESH_TOKEN), RespondToAuthChallenge,
 * GetTokensFromRefreshToken (what Amplify 6.21+ refreshes with), GetUser, GlobalSignOut and RevokeToken.
 *
 * cognito-local cannot do custom auth, hence this. It runs the SAME trigger handlers as the user pool in AWS
 * (the manifest's 'cognito' functions, through the Lambda runtime stand-in) with events shaped like Cognito's,
 * and behaves like a pool with e-mail as the username attribute, user-existence errors prevented and token
 * revocation on: usernames are the user's sub; unknown users get a stand-in username and run the triggers
 * with userNotFound; ID and access tokens are RS256 JWTs from the twin's signer (1 hour) with an origin_jti;
 * refresh tokens are opaque, kept only as SHA-256 hashes (30 days), and revoked by RevokeToken and
 * GlobalSignOut, which also revoke the access tokens issued from them (by origin_jti) for GetUser. Errors are
 * Cognito's: status 400, `{ __type, message }` and the x-amzn-errortype header.
 *
 * Users, refresh-token hashes and revocations persist in `{dataDir}/cognito/pool.json` (a JSON file rather
 * than the product's table: this is the identity provider's state, not the product's). Challenge sessions are
 * in memory and expire after 3 minutes, as Cognito's do.
 *
 * Creating it also registers the twin's magic-link signing key (generated once into
 * `{dataDir}/keys/magic-link-secret`) as the `secrets` port of the composition root.
 */
const SESSION_TTL_MS = 3 * 60 * 1000;
const TOKEN_TTL_SECONDS = 3600;
const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const PASSWORD_POLICY = {
  minLength: 16,
  test: (p: string) =>
    p.length >= 16 && /\d/.test(p) && /[a-z]/.test(p) && /[A-Z]/.test(p) && /[^\w\s]/.test(p),
};

interface PoolUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  status: 'CONFIRMED' | 'UNCONFIRMED';
  createdAt: string;
}
interface RefreshRecord {
  sub: string;
  clientId: string;
  originJti: string;
  expiresAt: number;
}
interface PoolState {
  salt: string;
  users: PoolUser[];
  refreshTokens: Record<string, RefreshRecord>;
  /** origin_jti -> when the tokens it covers have all expired (ms) */
  revokedOrigins: Record<string, number>;
}
interface ChallengeRound {
  challengeName: 'CUSTOM_CHALLENGE';
  challengeResult: boolean;
  challengeMetadata?: string;
}
interface AuthSession {
  username: string;
  user: PoolUser | null;
  rounds: ChallengeRound[];
  privateChallengeParameters: Record<string, string>;
  challengeMetadata?: string;
  expiresAt: number;
}

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
type TriggerName =
  | 'defineAuthChallenge'
  | 'createAuthChallenge'
  | 'verifyAuthChallengeResponse'
  | 'preSignUp';
const TRIGGER_LABEL: Record<TriggerName, string> = {
  defineAuthChallenge: 'DefineAuthChallenge',
  createAuthChallenge: 'CreateAuthChallenge',
  verifyAuthChallengeResponse: 'VerifyAuthChallengeResponse',
  preSignUp: 'PreSignUp',
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const attributesOf = (list: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (Array.isArray(list))
    for (const a of list as Array<{ Name?: unknown; Value?: unknown }>) {
      const name = str(a?.Name);
      if (name) out[name] = str(a.Value) ?? '';
    }
  return out;
};
const metadataOf = (v: unknown): Record<string, string> | undefined => {
  if (!v || typeof v !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(v as Json).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};

/**
 * Sign-in links one client (a network address) may ask for in a minute, whatever the addresses: each address
 * has its own limit (one link per 30 s, magic-link.ts), and this one stops a client mailing many addresses.
 * In AWS the same limit is a WAF rate-based rule on the user pool (per IP address; see README, Security).
 */
export { LINKS_PER_CLIENT_PER_MINUTE };
export const CLIENT_RATE_LIMIT_MESSAGE =
  'rate_limit: too many sign-in links were asked for from this device. Please wait a minute and try again.';

export class LocalCognito {
  private state: PoolState;
  private readonly path: string;
  private readonly sessions = new Map<string, AuthSession>();
  /** When each client last asked for sign-in links (the last minute's, by network address). */
  private readonly linkRequests = new Map<string, number[]>();

  /** Counts a request for a link from `client`; false past LINKS_PER_CLIENT_PER_MINUTE in the last minute. */
  private allowLink(client: string): boolean {
    const now = this.now();
    const recent = (this.linkRequests.get(client) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= (this.options.linksPerClientPerMinute ?? LINKS_PER_CLIENT_PER_MINUTE)) {
      this.linkRequests.set(client, recent);
      return false;
    }
    recent.push(now);
    this.linkRequests.set(client, recent);
    return true;
  }

  constructor(
    private readonly options: {
      dataDir: string;
      functions?: FunctionSpec[];
      log?: (line: string) => void;
      now?: () => number;
      linksPerClientPerMinute?: number;
    },
  ) {
    this.path = join(options.dataDir, 'cognito', 'pool.json');
    this.state = existsSync(this.path)
      ? (JSON.parse(readFileSync(this.path, 'utf8')) as PoolState)
      : { salt: randomBytes(16).toString('hex'), users: [], refreshTokens: {}, revokedOrigins: {} };
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private save(): void {
    const now = this.now();
    for (const [hash, record] of Object.entries(this.state.refreshTokens))
      if (record.expiresAt <= now) delete this.state.refreshTokens[hash];
    for (const [jti, until] of Object.entries(this.state.revokedOrigins))
      if (until <= now) delete this.state.revokedOrigins[jti];
    mkdirSync(join(this.options.dataDir, 'cognito'), { recursive: true });
    writeFileSync(`${this.path}.tmp`, JSON.stringify(this.state, null, 1), { mode: 0o600 });
    renameSync(`${this.path}.tmp`, this.path);
  }

  /** A user by e-mail alias or username (sub). */
  findUser(username: string): PoolUser | null {
    const wanted = username.trim().toLowerCase();
    return this.state.users.find((u) => u.sub === username || u.email === wanted) ?? null;
  }

  /** The username shown for an address with no account: UUID-shaped and stable, like a real one. */
  private standInUsername(username: string): string {
    const h = sha256(`${this.state.salt}:${username.trim().toLowerCase()}`);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  private async runTrigger<E extends { response: unknown }>(trigger: TriggerName, event: E): Promise<E> {
    const spec = (this.options.functions ?? FUNCTIONS).find(
      (f) => f.trigger.type === 'cognito' && f.trigger.trigger === trigger,
    );
    if (!spec)
      throw new CognitoError('InvalidLambdaResponseException', `No ${TRIGGER_LABEL[trigger]} trigger`);
    try {
      return ((await invoke(spec, event)) as E | undefined) ?? event;
    } catch (error) {
      throw new CognitoError(
        'UserLambdaValidationException',
        `${TRIGGER_LABEL[trigger]} failed with error ${(error as Error).message}.`,
      );
    }
  }

  private triggerBase<T extends string>(triggerSource: T, userName: string) {
    return {
      version: '1',
      region: 'eu-west-2',
      userPoolId: LOCAL_USER_POOL_ID,
      userName,
      callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: LOCAL_CLIENT_ID },
      triggerSource,
    };
  }

  private userAttributes(user: PoolUser | null): Record<string, string> {
    if (!user) return {};
    return {
      sub: user.sub,
      email: user.email,
      email_verified: String(user.emailVerified),
      'cognito:user_status': user.status,
      'cognito:email_alias': user.email,
    };
  }

  private checkClient(clientId: unknown): void {
    if (clientId !== LOCAL_CLIENT_ID)
      throw new CognitoError(
        'ResourceNotFoundException',
        `User pool client ${String(clientId)} does not exist.`,
      );
  }

  /** Handles one API call: `op` is the X-Amz-Target operation, `input` its JSON body. */
  async call(op: string, input: Json, signer: LocalSigner): Promise<Json> {
    switch (op) {
      case 'SignUp':
        return this.signUp(input);
      case 'InitiateAuth':
        return this.initiateAuth(input, signer);
      case 'RespondToAuthChallenge':
        return this.respondToAuthChallenge(input, signer);
      case 'GetTokensFromRefreshToken':
        this.checkClient(input.ClientId);
        return { AuthenticationResult: await this.refresh(str(input.RefreshToken), signer) };
      case 'GetUser':
        return this.getUser(input, signer);
      case 'GlobalSignOut':
        return this.globalSignOut(input, signer);
      case 'RevokeToken':
        return this.revokeToken(input);
      default:
        throw new CognitoError('UnknownOperationException', `The twin's Cognito does not support ${op}.`);
    }
  }

  private async signUp(input: Json): Promise<Json> {
    this.checkClient(input.ClientId);
    const username = str(input.Username)?.trim() ?? '';
    const attributes = attributesOf(input.UserAttributes);
    const email = (attributes.email ?? username).trim().toLowerCase();
    if (!isValidEmail(username) || !isValidEmail(email))
      throw new CognitoError('InvalidParameterException', 'Username should be an email.');
    if (!PASSWORD_POLICY.test(str(input.Password) ?? ''))
      throw new CognitoError(
        'InvalidPasswordException',
        `Password did not conform with policy: Password not long enough or missing required characters (minimum ${PASSWORD_POLICY.minLength})`,
      );
    // The link is checked (the pre-sign-up trigger) before whether the address has an account, so a bad link
    // is refused alike for known and unknown addresses: only a holder of a valid link learns it exists.
    const sub = randomUUID();
    const preSignUp: PreSignUpTriggerEvent = {
      ...this.triggerBase('PreSignUp_SignUp', sub),
      request: {
        userAttributes: { ...attributes, email },
        validationData: attributesOf(input.ValidationData),
        clientMetadata: metadataOf(input.ClientMetadata),
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    const event = await this.runTrigger('preSignUp', preSignUp);
    if (this.findUser(email))
      throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    const user: PoolUser = {
      sub,
      email,
      emailVerified: event.response.autoVerifyEmail === true,
      status: event.response.autoConfirmUser ? 'CONFIRMED' : 'UNCONFIRMED',
      createdAt: new Date(this.now()).toISOString(),
    };
    this.state.users.push(user);
    this.save();
    this.options.log?.(`cognito: signed up ${email}`);
    return user.status === 'CONFIRMED'
      ? { UserConfirmed: true, UserSub: sub }
      : {
          UserConfirmed: false,
          UserSub: sub,
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email },
        };
  }

  private async initiateAuth(input: Json, signer: LocalSigner): Promise<Json> {
    this.checkClient(input.ClientId);
    const params = (input.AuthParameters ?? {}) as Json;
    const flow = str(input.AuthFlow);
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      return {
        ChallengeParameters: {},
        AuthenticationResult: await this.refresh(str(params.REFRESH_TOKEN), signer),
      };
    }
    if (flow !== 'CUSTOM_AUTH')
      throw new CognitoError(
        'InvalidParameterException',
        `${flow ?? 'This'} flow is not enabled for this client.`,
      );
    const username = str(params.USERNAME);
    if (!username) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    const user = this.findUser(username);
    if (user?.status === 'UNCONFIRMED')
      throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    // Cognito passes InitiateAuth's ClientMetadata to pre-authentication triggers only, not to these.
    return this.nextStep({ username, user, rounds: [] }, undefined, signer);
  }

  /** Define, then either tokens, a failure, or a new challenge (create) with a fresh session. */
  private async nextStep(
    flow: { username: string; user: PoolUser | null; rounds: ChallengeRound[] },
    clientMetadata: Record<string, string> | undefined,
    signer: LocalSigner,
  ): Promise<Json> {
    const userName = flow.user?.sub ?? flow.username;
    const common = {
      userAttributes: this.userAttributes(flow.user),
      session: flow.rounds,
      ...(clientMetadata ? { clientMetadata } : {}),
      userNotFound: !flow.user,
    };
    const define: DefineAuthChallengeTriggerEvent = {
      ...this.triggerBase('DefineAuthChallenge_Authentication', userName),
      request: common,
      response: { challengeName: '', issueTokens: false, failAuthentication: false },
    };
    const defined = await this.runTrigger('defineAuthChallenge', define);
    if (defined.response.failAuthentication)
      throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    if (defined.response.issueTokens) {
      if (!flow.user) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      return { ChallengeParameters: {}, AuthenticationResult: await this.issueTokens(flow.user, signer) };
    }
    if (defined.response.challengeName !== 'CUSTOM_CHALLENGE')
      throw new CognitoError(
        'InvalidLambdaResponseException',
        'Invalid challenge name from DefineAuthChallenge.',
      );
    const create: CreateAuthChallengeTriggerEvent = {
      ...this.triggerBase('CreateAuthChallenge_Authentication', userName),
      request: { ...common, challengeName: 'CUSTOM_CHALLENGE' },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    };
    const created = await this.runTrigger('createAuthChallenge', create);
    const session = randomBytes(48).toString('base64url');
    this.sessions.set(session, {
      username: flow.username,
      user: flow.user,
      rounds: flow.rounds,
      privateChallengeParameters: created.response.privateChallengeParameters ?? {},
      challengeMetadata: created.response.challengeMetadata || undefined,
      expiresAt: this.now() + SESSION_TTL_MS,
    });
    for (const [key, value] of this.sessions) if (value.expiresAt <= this.now()) this.sessions.delete(key);
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeParameters: {
        ...created.response.publicChallengeParameters,
        USERNAME: flow.user?.sub ?? this.standInUsername(flow.username),
      },
    };
  }

  private async respondToAuthChallenge(input: Json, signer: LocalSigner): Promise<Json> {
    this.checkClient(input.ClientId);
    const token = str(input.Session);
    const session = token ? this.sessions.get(token) : undefined;
    if (!token || !session) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user.');
    this.sessions.delete(token);
    if (session.expiresAt <= this.now())
      throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    if (input.ChallengeName !== 'CUSTOM_CHALLENGE')
      throw new CognitoError('InvalidParameterException', 'Only CUSTOM_CHALLENGE responses are supported.');
    const responses = (input.ChallengeResponses ?? {}) as Json;
    const answer = str(responses.ANSWER);
    if (!answer) throw new CognitoError('InvalidParameterException', 'Missing required parameter ANSWER');
    const clientMetadata = metadataOf(input.ClientMetadata);
    const user = session.user ? this.findUser(session.user.sub) : null;
    const verify: VerifyAuthChallengeResponseTriggerEvent = {
      ...this.triggerBase('VerifyAuthChallengeResponse_Authentication', user?.sub ?? session.username),
      request: {
        userAttributes: this.userAttributes(user),
        privateChallengeParameters: session.privateChallengeParameters,
        challengeAnswer: answer,
        ...(clientMetadata ? { clientMetadata } : {}),
        userNotFound: !user,
      },
      response: { answerCorrect: false },
    };
    const verified = await this.runTrigger('verifyAuthChallengeResponse', verify);
    const rounds: ChallengeRound[] = [
      ...session.rounds,
      {
        challengeName: 'CUSTOM_CHALLENGE',
        challengeResult: verified.response.answerCorrect === true,
        ...(session.challengeMetadata ? { challengeMetadata: session.challengeMetadata } : {}),
      },
    ];
    return this.nextStep({ username: session.username, user, rounds }, clientMetadata, signer);
  }

  private async issueTokens(user: PoolUser, signer: LocalSigner, originJti = randomUUID()) {
    const authTime = Math.floor(this.now() / 1000);
    const claims = { origin_jti: originJti };
    const [IdToken, AccessToken] = await Promise.all([
      signer.sign({ sub: user.sub, email: user.email, tokenUse: 'id', authTime, claims }),
      signer.sign({ sub: user.sub, email: user.email, tokenUse: 'access', authTime, claims }),
    ]);
    const RefreshToken = randomBytes(48).toString('base64url');
    this.state.refreshTokens[sha256(RefreshToken)] = {
      sub: user.sub,
      clientId: LOCAL_CLIENT_ID,
      originJti,
      expiresAt: this.now() + REFRESH_TTL_MS,
    };
    this.save();
    return { AccessToken, IdToken, RefreshToken, ExpiresIn: TOKEN_TTL_SECONDS, TokenType: 'Bearer' };
  }

  private async refresh(refreshToken: string | undefined, signer: LocalSigner) {
    const record = refreshToken ? this.state.refreshTokens[sha256(refreshToken)] : undefined;
    if (!record || record.expiresAt <= this.now() || this.state.revokedOrigins[record.originJti])
      throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
    const user = this.state.users.find((u) => u.sub === record.sub);
    if (!user) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
    const claims = { origin_jti: record.originJti };
    const [IdToken, AccessToken] = await Promise.all([
      signer.sign({ sub: user.sub, email: user.email, tokenUse: 'id', claims }),
      signer.sign({ sub: user.sub, email: user.email, tokenUse: 'access', claims }),
    ]);
    return { AccessToken, IdToken, ExpiresIn: TOKEN_TTL_SECONDS, TokenType: 'Bearer' };
  }

  /** The user of a valid, unrevoked access token. */
  private async accessTokenUser(token: unknown, signer: LocalSigner): Promise<PoolUser> {
    const payload = typeof token === 'string' ? await signer.verify(token) : null;
    if (payload?.token_use !== 'access')
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    const origin = str(payload.origin_jti);
    if (origin && this.state.revokedOrigins[origin])
      throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
    const user = this.state.users.find((u) => u.sub === payload.sub);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  }

  private async getUser(input: Json, signer: LocalSigner): Promise<Json> {
    const user = await this.accessTokenUser(input.AccessToken, signer);
    return {
      Username: user.sub,
      UserAttributes: Object.entries({
        sub: user.sub,
        email: user.email,
        email_verified: String(user.emailVerified),
      }).map(([Name, Value]) => ({ Name, Value })),
    };
  }

  private revokeOrigin(originJti: string): void {
    // No more refreshes from this origin: its last access token expires within TOKEN_TTL_SECONDS.
    this.state.revokedOrigins[originJti] = this.now() + TOKEN_TTL_SECONDS * 1000;
  }

  private async globalSignOut(input: Json, signer: LocalSigner): Promise<Json> {
    const user = await this.accessTokenUser(input.AccessToken, signer);
    for (const [hash, record] of Object.entries(this.state.refreshTokens)) {
      if (record.sub !== user.sub) continue;
      this.revokeOrigin(record.originJti);
      delete this.state.refreshTokens[hash];
    }
    const origin = str(decodeJwt(input.AccessToken as string).origin_jti);
    if (origin) this.revokeOrigin(origin);
    this.save();
    return {};
  }

  private revokeToken(input: Json): Json {
    this.checkClient(input.ClientId);
    const token = str(input.Token);
    const hash = token ? sha256(token) : '';
    const record = this.state.refreshTokens[hash];
    if (record && record.clientId === input.ClientId) {
      this.revokeOrigin(record.originJti);
      delete this.state.refreshTokens[hash];
      this.save();
    }
    return {};
  }

  /** The HTTP side, as a `localRoutes` entry of the twin. */
  route = async (req: IncomingMessage, res: ServerResponse, body: Buffer, twin: Twin): Promise<boolean> => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/local/cognito' && path !== '/local/cognito/') return false;
    // Only the twin's own pages may call it from a browser (the SPA, at localhost or 127.0.0.1).
    const origin = req.headers.origin;
    const allowed = origin !== undefined && twinOrigins(twin.port).includes(origin);
    const cors = {
      ...(allowed ? { 'access-control-allow-origin': origin } : {}),
      vary: 'Origin',
      'access-control-allow-headers':
        'content-type, x-amz-target, x-amz-user-agent, cache-control, authorization, x-amz-date',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid',
      'access-control-max-age': '600',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return true;
    }
    const requestId = randomUUID();
    const send = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...cors,
        'content-type': 'application/x-amz-json-1.1',
        'cache-control': 'no-store',
        'x-amzn-requestid': requestId,
        ...extra,
      });
      res.end(JSON.stringify(payload));
    };
    const fail = (type: string, message: string) =>
      send(400, { __type: type, message }, { 'x-amzn-errortype': `${type}:` });
    if (req.method !== 'POST') {
      fail('UnknownOperationException', 'POST with an X-Amz-Target header expected.');
      return true;
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    const op = target.startsWith('AWSCognitoIdentityProviderService.') ? (target.split('.')[1] ?? '') : '';
    let input: Json;
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as Json;
    } catch {
      fail('SerializationException', 'The request body is not valid JSON.');
      return true;
    }
    // "Send Magic Link" (the second step, which mails the link) counts against the client's minute: every
    // answer that does not say it holds a link ('yes'), as the triggers mail a link for anything else.
    const metadata = (input.ClientMetadata ?? {}) as Json;
    if (
      op === 'RespondToAuthChallenge' &&
      metadata.alreadyHaveMagicLink !== 'yes' &&
      !this.allowLink(req.socket.remoteAddress ?? 'unknown')
    ) {
      fail('TooManyRequestsException', CLIENT_RATE_LIMIT_MESSAGE);
      return true;
    }
    try {
      send(200, await this.call(op, input, twin.signer));
    } catch (error) {
      if (error instanceof CognitoError) fail(error.type, error.message);
      else {
        this.options.log?.(`cognito: ${op} failed: ${(error as Error).stack ?? String(error)}`);
        send(500, { __type: 'InternalErrorException', message: 'Internal error' });
      }
    }
    return true;
  };
}

/**
 * The twin's Cognito, ready to mount: `startTwin({ ..., localRoutes: [localCognito({ dataDir }).route] })`.
 * Registers the twin's magic-link signing key with the composition root.
 */
export function localCognito(options: {
  dataDir: string;
  log?: (line: string) => void;
  /** Default LINKS_PER_CLIENT_PER_MINUTE. */
  linksPerClientPerMinute?: number;
}): LocalCognito {
  const key = localSecret(join(options.dataDir, 'keys', 'magic-link-secret'));
  registerServices({ secrets: { magicLinkKey: async () => key } });
  return new LocalCognito(options);
}
