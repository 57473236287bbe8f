import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import getEvent from '../../../events/apigw/get-upload/own-upload.json';
import { type HttpEvent, httpHandlerWith, json, toHttpResponse } from '../../../functions/app/http';
import type { HttpFunctionSpec } from '../../../functions/handlers/manifest';
import { config, requireConfig, resetConfig } from '../../../functions/shared/config';
import { ConfigError, ConflictError, NotFoundError, ValidationError } from '../../../functions/shared/errors';

const context = {
  awsRequestId: 'req-1',
  functionName: 'test',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;
const event = (overrides: Partial<HttpEvent> = {}) =>
  ({ ...(getEvent as unknown as HttpEvent), ...overrides }) as HttpEvent;
const body = (r: { body?: string }) =>
  JSON.parse(r.body ?? '{}') as { error?: { code: string; message: string } };

describe('errors map to HTTP in one place', () => {
  it.each([
    [new ValidationError('Which account are these statements for?'), 400, 'validation_error'],
    [new NotFoundError(), 404, 'not_found'],
    [new ConflictError('exists'), 409, 'conflict'],
  ])('%s → %i', (error, status, code) => {
    const response = toHttpResponse(error);
    expect(response.statusCode).toBe(status);
    expect(body(response).error?.code).toBe(code);
    expect(body(response).error?.message).toBe(error.message);
  });

  it('turns an unknown error into a generic 500 without internals', () => {
    const response = toHttpResponse(new Error('connect ECONNREFUSED 10.0.0.1:5432 password=hunter2'));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.body).not.toContain('hunter2');
    expect(body(response).error).toEqual({
      code: 'internal_error',
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('httpHandler', () => {
  // A signed-in route (the sample event's caller has no family: `user` lets them through).
  const spec: HttpFunctionSpec<'user'> = {
    id: 'Greet',
    entry: 'functions/handlers/http/greet.ts',
    trigger: {
      type: 'http',
      area: 'profile',
      routes: [{ method: 'POST', path: '/api/greet', scope: 'user' }],
    },
    needs: [],
  };
  const httpHandler = httpHandlerWith({ membershipOf: async () => null });
  const handler = httpHandler(
    spec,
    { body: z.object({ name: z.string().check(z.minLength(1, 'A name is required')) }) },
    async ({ body: input, auth }) => json(200, { hello: input.name, user: auth.userId }),
  );

  it('passes the verified user and the validated body to the handler', async () => {
    const response = await handler(event({ body: JSON.stringify({ name: 'Ada' }) }), context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body ?? '')).toEqual({
      hello: 'Ada',
      user: '5f2e1c8a-7b3d-4e9a-9c1f-2a6b8d0e4f13',
    });
  });

  it('answers 400 with the contract message for an invalid body', async () => {
    const response = await handler(event({ body: JSON.stringify({ name: '' }) }), context);
    expect(response.statusCode).toBe(400);
    expect(body(response).error?.message).toBe('A name is required');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await handler(event({ body: '{nope' }), context);
    expect(response.statusCode).toBe(400);
    expect(body(response).error?.message).toBe('The request body is not valid JSON.');
  });

  it('answers 401 when the event carries no verified claims', async () => {
    const anonymous = event({ body: '{}' });
    (anonymous.requestContext as { authorizer?: unknown }).authorizer = undefined;
    const response = await handler(anonymous, context);
    expect(response.statusCode).toBe(401);
  });
});

describe('configuration', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetConfig();
  });

  it('names a missing variable', () => {
    delete process.env.TABLE_NAME;
    resetConfig();
    expect(() => requireConfig('TABLE_NAME')).toThrow(
      new ConfigError('Missing configuration: TABLE_NAME is not set'),
    );
  });

  it('names an invalid one', () => {
    process.env.APP_MODE = 'cloud';
    resetConfig();
    expect(() => config()).toThrow(/^Invalid configuration APP_MODE: /);
  });
});
