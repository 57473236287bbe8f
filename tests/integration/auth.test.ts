import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerServices } from '../../functions/app/container';
import { LINK_FRAGMENT_PARAM } from '../../functions/contracts/auth';
import { loginErrorMessage } from '../../functions/domain/identity';
import { createApiRouter } from '../../functions/local/api-router';
import { LOCAL_CLIENT_ID } from '../../functions/local/jwt';
import type { OutboxEntry } from '../../functions/local/outbox';
import { MAGIC_LINK_TTL_MS, SIGN_UP_REFUSED } from '../../functions/services/magic-link';
import { cognitoClient, tokenFromLink } from '../support/cognito';
import { startTestTwin } from '../support/twin';

/**
 * Passwordless sign-in end to end on a real twin (spec 1 §4 Authentication and Login, §8 login errors, §9):
 * the Cognito API subset at /local/cognito running the real trigger handlers on the twin's DynamoDB, mail to
 * the outbox, tokens from the twin's signer accepted by the API router.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let cognito: ReturnType<typeof cognitoClient>;

beforeAll(async () => {
  twin = await startTestTwin();
  cognito = cognitoClient(twin.url);
});
afterAll(async () => {
  await twin?.stop();
});
afterEach(() => registerServices({ now: () => new Date() }));

const address = (label: string) => `${label}-${ulid().toLowerCase()}@example.co.uk`;

async function outbox(): Promise<OutboxEntry[]> {
  return (await (await fetch(`${twin.url}/local/outbox`)).json()) as OutboxEntry[];
}
async function linkFor(email: string): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === email);
  if (!mail?.link) throw new Error(`no link for ${email}`);
  return mail.link;
}
async function requestedLink(email: string): Promise<string> {
  const { second } = await cognito.requestLink(email);
  expect(second.status).toBe(200);
  return linkFor(email);
}
async function signedIn(email: string) {
  const { result } = await cognito.signInWithToken(tokenFromLink(await requestedLink(email)));
  expect(result.status).toBe(200);
  return result.body.AuthenticationResult!;
}

describe('spec 1 §4 login: a new address signs in with the e-mailed link', () => {
  const email = address('new');
  let link: string;

  it('e-mails a sign-in link: subject, link, text and HTML with a button and the expiry', async () => {
    const { first, second } = await cognito.requestLink(email);
    expect(first.status).toBe(200);
    expect(first.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(second.status).toBe(200);
    expect(second.body.ChallengeName).toBe('CUSTOM_CHALLENGE');
    const mail = (await outbox()).find((m) => m.to === email);
    expect(mail).toBeDefined();
    expect(mail?.subject).toBe('Your sign-in link');
    link = mail!.link!;
    expect(link).toMatch(new RegExp(`^${twin.url}/app#${LINK_FRAGMENT_PARAM}=[\\w-]+\\.[\\w-]+$`));
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('expires in 15 minutes');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Sign in to Family Finance</a>');
    expect(mail?.html).toContain('expires in 15 minutes');
  });

  it('creates the account on first use and issues tokens that the signer and the API accept', async () => {
    const { signUp, result } = await cognito.signInWithToken(tokenFromLink(link));
    expect(signUp?.status).toBe(200);
    expect(signUp?.body).toMatchObject({ UserConfirmed: true });
    expect(result.status).toBe(200);
    const tokens = result.body.AuthenticationResult!;
    expect(tokens).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    expect(tokens.RefreshToken).toEqual(expect.any(String));

    const id = await twin.signer.verify(tokens.IdToken);
    expect(id).toMatchObject({ email, token_use: 'id', aud: LOCAL_CLIENT_ID });
    expect(id?.sub).toBe((signUp?.body as { UserSub?: string } | undefined)?.UserSub);
    const access = await twin.signer.verify(tokens.AccessToken);
    expect(access).toMatchObject({ token_use: 'access', client_id: LOCAL_CLIENT_ID, sub: id?.sub });

    const api = createApiRouter({ signer: twin.signer });
    const call = (token: string) =>
      api({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      });
    expect((await call(tokens.IdToken)).statusCode).toBe(200);
    expect((await call('not-a-token')).statusCode).toBe(401);

    const user = await cognito.call('GetUser', { AccessToken: tokens.AccessToken });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ Username: id?.sub });
  });

  it('refuses the same link a second time (single use)', async () => {
    const { signUp, result } = await cognito.signInWithToken(tokenFromLink(link));
    // A used link is no proof: sign-up refuses it before looking at whether the address has an account, in
    // the words every bad link gets (why is logged, never answered).
    expect(signUp?.body.__type).toBe('UserLambdaValidationException');
    expect(signUp?.body.message).toBe(`PreSignUp failed with error ${SIGN_UP_REFUSED}.`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('signs a known address in again with a new link', async () => {
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const tokens = await signedIn(email);
    expect((await twin.signer.verify(tokens.IdToken))?.email).toBe(email);
  });
});

describe('spec 1 §4 login: links that must not work', () => {
  it('refuses an expired link (the clock moved 15 minutes on)', async () => {
    const email = address('expired');
    const known = await signedIn(email);
    expect(known.IdToken).toBeTruthy();
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const link = await requestedLink(email);
    registerServices({ now: () => new Date(Date.now() + 31_000 + MAGIC_LINK_TTL_MS + 1000) });
    const { result } = await cognito.signInWithToken(tokenFromLink(link));
    expect(result.status).toBe(400);
    expect(result.body.__type).toBe('NotAuthorizedException');
  });

  it('refuses an expired link for a new address already at sign-up', async () => {
    const email = address('expired-new');
    const link = await requestedLink(email);
    registerServices({ now: () => new Date(Date.now() + MAGIC_LINK_TTL_MS + 1000) });
    const { signUp, result } = await cognito.signInWithToken(tokenFromLink(link));
    expect(signUp?.body.__type).toBe('UserLambdaValidationException');
    expect(signUp?.body.message).toBe(`PreSignUp failed with error ${SIGN_UP_REFUSED}.`);
    expect(result.status).toBe(400);
  });

  it('refuses a tampered link (signature or payload changed)', async () => {
    const email = address('tampered');
    await signedIn(email);
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const token = tokenFromLink(await requestedLink(email));
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const longer = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { x: number };
    const extended = `${Buffer.from(JSON.stringify({ ...longer, x: longer.x + 86_400 })).toString('base64url')}.${signature}`;
    for (const bad of [flipped, extended]) {
      const { result } = await cognito.signInWithToken(bad);
      expect(result.status).toBe(400);
      expect(result.body.__type).toBe('NotAuthorizedException');
    }
    // The genuine link still works: failed attempts do not use it up.
    const { result } = await cognito.signInWithToken(token);
    expect(result.status).toBe(200);
  });

  it('refuses a link of one address for another', async () => {
    const victim = address('victim');
    const attacker = address('attacker');
    await signedIn(victim);
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const token = tokenFromLink(await requestedLink(attacker));
    const first = await cognito.initiate(victim);
    const result = await cognito.respond(
      first.body.Session!,
      first.body.ChallengeParameters!.USERNAME!,
      token,
      'yes',
    );
    expect(result.body.__type).toBe('NotAuthorizedException');
  });

  it('makes an older link stop working when a newer one is sent', async () => {
    const email = address('newer');
    const older = tokenFromLink(await requestedLink(email));
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const newer = tokenFromLink(await requestedLink(email));
    expect(newer).not.toBe(older);
    expect((await cognito.signInWithToken(older)).result.status).toBe(400);
    expect((await cognito.signInWithToken(newer)).result.status).toBe(200);
  });
});

describe('spec 1 §8-9 login: rate limit and privacy', () => {
  it("refuses a second link inside 30 s with an error containing 'rate_limit'", async () => {
    const email = address('twice');
    await requestedLink(email);
    const { second } = await cognito.requestLink(email);
    expect(second.status).toBe(400);
    expect(second.body.__type).toBe('UserLambdaValidationException');
    expect(second.body.message).toContain('rate_limit');
    expect(loginErrorMessage({ name: second.body.__type, message: second.body.message })).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    expect((await outbox()).filter((m) => m.to === email)).toHaveLength(1);
    registerServices({ now: () => new Date(Date.now() + 30_500) });
    expect((await cognito.requestLink(email)).second.status).toBe(200);
  });

  it('answers a known and an unknown address identically', async () => {
    const known = address('known');
    await signedIn(known);
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    const unknown = address('unknown');
    const a = await cognito.requestLink(known);
    const b = await cognito.requestLink(unknown);
    const shape = (r: {
      status: number;
      body: { ChallengeName?: string; ChallengeParameters?: object };
    }) => ({
      status: r.status,
      keys: Object.keys(r.body).sort(),
      challenge: r.body.ChallengeName,
      parameters: Object.keys(r.body.ChallengeParameters ?? {}).sort(),
    });
    expect(shape(a.first)).toEqual(shape(b.first));
    expect(shape(a.second)).toEqual(shape(b.second));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a.second.body.ChallengeParameters?.USERNAME).toMatch(uuid);
    expect(b.second.body.ChallengeParameters?.USERNAME).toMatch(uuid);
    // Both got their e-mail.
    expect((await outbox()).filter((m) => m.to === known || m.to === unknown)).toHaveLength(3);
  });

  it("refuses a link request for something that is not an e-mail address ('invalid_email')", async () => {
    const { second } = await cognito.requestLink('not-an-address');
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('invalid_email');
  });

  it('refuses SignUp without a valid link (no account is made for an address nobody proved)', async () => {
    const result = await cognito.call('SignUp', {
      ClientId: LOCAL_CLIENT_ID,
      Username: address('nolink'),
      Password: 'A-very-long-Password-123!',
    });
    expect(result.status).toBe(400);
    expect(result.body.__type).toBe('UserLambdaValidationException');
  });
});

describe('spec 1 §4 authentication: refresh and sign-out', () => {
  it('refreshes tokens with REFRESH_TOKEN_AUTH and GetTokensFromRefreshToken', async () => {
    const tokens = await signedIn(address('refresh'));
    for (const [op, input] of [
      [
        'InitiateAuth',
        {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
        },
      ],
      ['GetTokensFromRefreshToken', { ClientId: LOCAL_CLIENT_ID, RefreshToken: tokens.RefreshToken }],
    ] as const) {
      const refreshed = await cognito.call(op, input);
      expect(refreshed.status).toBe(200);
      const result = refreshed.body.AuthenticationResult!;
      expect(result.RefreshToken).toBeUndefined();
      const id = await twin.signer.verify(result.IdToken);
      expect(id?.sub).toBe((await twin.signer.verify(tokens.IdToken))?.sub);
      expect(id?.origin_jti).toBe((await twin.signer.verify(tokens.IdToken))?.origin_jti);
    }
  });

  it('GlobalSignOut revokes the refresh token and the access token', async () => {
    const tokens = await signedIn(address('global'));
    const out = await cognito.call('GlobalSignOut', { AccessToken: tokens.AccessToken });
    expect(out).toEqual({ status: 200, body: {} });
    const refreshed = await cognito.call('GetTokensFromRefreshToken', {
      ClientId: LOCAL_CLIENT_ID,
      RefreshToken: tokens.RefreshToken,
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.__type).toBe('NotAuthorizedException');
    const user = await cognito.call('GetUser', { AccessToken: tokens.AccessToken });
    expect(user.body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
  });

  it('RevokeToken (what Amplify calls on sign-out) revokes the refresh token', async () => {
    const tokens = await signedIn(address('revoke'));
    expect(
      (await cognito.call('RevokeToken', { ClientId: LOCAL_CLIENT_ID, Token: tokens.RefreshToken })).status,
    ).toBe(200);
    const refreshed = await cognito.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    });
    expect(refreshed.body.__type).toBe('NotAuthorizedException');
  });

  it('answers unsupported calls as Cognito does: 400 with { __type, message } and x-amzn-errortype', async () => {
    const response = await fetch(`${twin.url}/local/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser',
      },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^UnknownOperationException/);
    expect(((await response.json()) as { __type: string }).__type).toBe('UnknownOperationException');
  });
});
