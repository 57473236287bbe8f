import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_ANSWER, SIGN_UP_LINK_ATTRIBUTE } from '../../functions/contracts/auth';
import { CLIENT_RATE_LIMIT_MESSAGE, LINKS_PER_CLIENT_PER_MINUTE } from '../../functions/local/cognito';
import { LOCAL_CLIENT_ID } from '../../functions/local/jwt';
import type { OutboxEntry } from '../../functions/local/outbox';
import { cognitoClient, tokenFromLink } from '../support/cognito';
import { startTestTwin } from '../support/twin';

/**
 * Sign-in as an attacker on the network sees it: SignUp with a made-up link must not tell a known address
 * from an unknown one, and one client asking for links to many addresses is stopped (each address has its
 * own limit already).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let cognito: ReturnType<typeof cognitoClient>;
const address = (label: string) => `${label}-${ulid().toLowerCase()}@example.co.uk`;

beforeAll(async () => {
  // The stand-in's own limit (a test's twin allows more by default: its tests are all one loopback client).
  twin = await startTestTwin({ linksPerClientPerMinute: LINKS_PER_CLIENT_PER_MINUTE });
  cognito = cognitoClient(twin.url);
});
afterAll(async () => {
  await twin?.stop();
});

const outbox = async () => (await (await fetch(`${twin.url}/local/outbox`)).json()) as OutboxEntry[];

describe('sign-up answers known and unknown addresses alike', () => {
  it('a made-up link gets the same refusal for an address with an account and one without', async () => {
    // Ada has an account: she signed in once with a real link.
    const ada = address('ada');
    await cognito.requestLink(ada);
    const link = (await outbox()).find((m) => m.to === ada)?.link ?? '';
    const first = await cognito.signInWithToken(tokenFromLink(link));
    expect(first.result.status).toBe(200);

    const signUp = (email: string) =>
      cognito.call('SignUp', {
        ClientId: LOCAL_CLIENT_ID,
        Username: email,
        Password: `${randomBytes(24).toString('base64url')}Aa1!`,
        UserAttributes: [{ Name: 'email', Value: email }],
        ValidationData: [{ Name: SIGN_UP_LINK_ATTRIBUTE, Value: 'made.up.link' }],
      });
    const known = await signUp(ada);
    const unknown = await signUp(address('nobody'));
    expect(known.status).toBe(400);
    expect({ status: known.status, type: known.body.__type, message: known.body.message }).toEqual({
      status: unknown.status,
      type: unknown.body.__type,
      message: unknown.body.message,
    });
    expect(known.body.__type).not.toBe('UsernameExistsException');
  });
});

describe('sign-in links are limited per client as well as per address', () => {
  it(`one client asking for links to many addresses gets ${LINKS_PER_CLIENT_PER_MINUTE} a minute, then a refusal`, async () => {
    const before = (await outbox()).length;
    const answers = [];
    for (let i = 0; i < LINKS_PER_CLIENT_PER_MINUTE + 10; i++)
      answers.push(await cognito.requestLink(address(`many${i}`)));
    const refused = answers.filter((a) => a.second.body.__type === 'TooManyRequestsException');
    // The sign-in above used one of this client's links.
    expect(answers.length - refused.length).toBeLessThanOrEqual(LINKS_PER_CLIENT_PER_MINUTE);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]?.second.body.message).toBe(CLIENT_RATE_LIMIT_MESSAGE);
    expect((await outbox()).length - before).toBeLessThanOrEqual(LINKS_PER_CLIENT_PER_MINUTE);
  });

  it("an answer that asks for a link in other words ('maybe', not 'no') is counted and refused as well", async () => {
    // The minute's links are used up by the test above; the triggers mail a link for anything but 'yes'.
    const email = address('other-words');
    const first = await cognito.initiate(email);
    const second = await cognito.respond(first.body.Session ?? '', email, DUMMY_ANSWER, 'maybe');
    expect(second.body.__type).toBe('TooManyRequestsException');
    expect((await outbox()).some((m) => m.to === email)).toBe(false);
  });
});
