import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import getEvent from '../../../events/apigw/get-upload/own-upload.json';
import sendLink from '../../../events/cognito/create-auth-challenge/send-link.json';
import type { RunningDynamo } from '../../../functions/local/emulators';
import type { OutgoingMail } from '../../../functions/shared/ports';

/**
 * In AWS, logs are read by whoever operates the account and kept for months: no sign-in link, token, e-mail
 * address or statement text may reach them. This runs the magic-link path (Cognito's create-auth-challenge
 * trigger, with the link's record in DynamoDB) and the HTTP middleware with every line the logger writes
 * captured, at DEBUG and with Lambda event logging on (as someone chasing a fault would set it), and looks
 * for the address, the link and the tokens in them.
 */
process.env.LOG_LEVEL = 'DEBUG';
process.env.POWERTOOLS_LOGGER_LOG_EVENT = 'true';
process.env.POWERTOOLS_DEV = 'false';

const EMAIL = 'ada.lovelace@example.co.uk';
const lines: string[] = [];
const sent: OutgoingMail[] = [];
let failWith: Error | null = null;
let dynamo: RunningDynamo;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ff-logging-'));
  const { startDynamo } = await import('../../../functions/local/emulators');
  dynamo = await startDynamo({ directory: dataDir, tableName: 'logging-test' });
  Object.assign(process.env, {
    APP_MODE: 'local',
    AWS_REGION: 'eu-west-2',
    TABLE_NAME: 'logging-test',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    APP_URL: 'http://localhost:3000',
  });
  const { resetConfig } = await import('../../../functions/shared/config');
  const { resetDocumentClient } = await import('../../../functions/adapters/dynamodb/client');
  const { registerServices } = await import('../../../functions/app/container');
  resetConfig();
  resetDocumentClient();
  registerServices({
    secrets: { magicLinkKey: async () => 'k'.repeat(64) },
    mailer: {
      async send(mail) {
        if (failWith) throw failWith;
        sent.push(mail);
      },
    },
  });
  const capture = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await dynamo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  lines.length = 0;
  failWith = null;
});

async function lambda() {
  const { functionSpec, lambdaContext } = await import('../../../functions/local/lambda-runtime');
  return lambdaContext(functionSpec('CreateAuthChallenge'), Date.now() + 5_000);
}

function expectClean(logged: string, secrets: string[]) {
  expect(logged.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(logged).not.toContain(secret);
  expect(logged).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  expect(logged).not.toMatch(/eyJ[\w-]{8,}\.[\w-]{8,}/);
}

describe('logs in AWS', () => {
  it('the create-auth-challenge trigger sends the link and logs no address, link or token', async () => {
    const { handler } = await import('../../../functions/handlers/cognito/create-auth-challenge');
    const event = structuredClone(sendLink) as unknown as CreateAuthChallengeTriggerEvent;
    await handler(event, await lambda());
    const mail = sent.at(-1)!;
    expect(mail.to).toBe(EMAIL);
    const token = mail.link!.split('=').at(-1)!;
    const logged = lines.join('');
    expect(logged).toContain('sign-in link sent');
    expect(logged).toContain('Lambda invocation event'); // the event itself was logged, redacted
    expectClean(logged, [EMAIL, mail.link!, token, token.split('.')[0]!]);
  });

  it('a failure to send (SES names the refused address) is logged without the address', async () => {
    const { handler } = await import('../../../functions/handlers/cognito/create-auth-challenge');
    failWith = Object.assign(
      new Error(`Email address is not verified. The following identities failed the check: ${EMAIL}`),
      { name: 'MessageRejected' },
    );
    const event = structuredClone(sendLink) as unknown as CreateAuthChallengeTriggerEvent;
    event.request.userAttributes.email = 'grace.hopper@example.com';
    // Another address: the link interval of the first does not apply.
    // Rethrown for Cognito, and so written by the Lambda runtime to the log as well: without the address.
    const thrown = await handler(event, await lambda()).catch((error: Error) => error);
    expect((thrown as Error).message).toMatch(/^Email address is not verified/);
    expect((thrown as Error).name).toBe('MessageRejected');
    expect(`${(thrown as Error).message} ${(thrown as Error).stack}`).not.toContain(EMAIL);
    const logged = lines.join('');
    expect(logged).toContain('MessageRejected');
    expectClean(logged, [EMAIL, 'grace.hopper@example.com']);
  });

  it('the HTTP middleware logs no bearer token, claim, body or address, even for a crash', async () => {
    const { httpHandlerWith } = await import('../../../functions/app/http');
    const { FUNCTIONS } = await import('../../../functions/handlers/manifest');
    const { createLocalSigner } = await import('../../../functions/local/jwt');
    const signer = await createLocalSigner({ keyPath: join(dataDir, 'key.json'), origin: 'http://x' });
    const jwt = await signer.sign({ sub: 'user-1', email: EMAIL, tokenUse: 'id' });
    const spec = FUNCTIONS.find((f) => f.id === 'SaveProfile')!;
    const handler = httpHandlerWith({
      membershipOf: async () => ({ familyId: '01J0000000000000000000FAM1', role: 'admin' as const }),
    })(spec as never, {}, async () => {
      throw new Error(`could not save the profile of ${EMAIL} (token ${jwt})`);
    });
    const event = {
      ...structuredClone(getEvent),
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: EMAIL }),
      requestContext: {
        ...structuredClone(getEvent).requestContext,
        authorizer: { jwt: { claims: { sub: 'user-1', email: EMAIL }, scopes: null } },
      },
    };
    const response = await handler(event as never, await lambda());
    expect(response.statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).toContain('unhandled error');
    expectClean(logged, [EMAIL, jwt, jwt.split('.')[1]!]);
  });
});

describe('the redaction itself', () => {
  it('hashes addresses (the same address, the same hash), withholds links, tokens and contents', async () => {
    const { redact, redactText, hashEmail } = await import('../../../functions/shared/redact');
    expect(redactText(`to ${EMAIL}`)).toBe(`to ${hashEmail(EMAIL)}`);
    expect(hashEmail(EMAIL.toUpperCase())).toBe(hashEmail(EMAIL));
    expect(redactText('open http://localhost:3000/app#magic_link=abc.def now')).toBe(
      'open <sign-in link> now',
    );
    expect(redactText('Authorization: Bearer abc123')).toBe('Authorization: Bearer <token>');
    expect(redact({ description: 'TESCO STORES 2041', amount: 12.5, uploadId: 'U1' })).toEqual({
      description: '[withheld]',
      amount: 12.5,
      uploadId: 'U1',
    });
  });
});
