import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { AppError, UnauthorizedError, ValidationError } from './errors';
import { logger } from './logger';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Who is calling: taken ONLY from the claims the JWT authorizer verified. */
export interface AuthContext {
  userId: string;
  email: string;
}

export interface HttpRequest<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  auth: AuthContext;
  event: HttpEvent;
  headers: Record<string, string | undefined>;
}

/** Any zod (classic or mini) schema: only safeParse is used. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}
interface Schemas<B, Q, P> {
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
} as const;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function noContent(): HttpResult {
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
}

/** The one place errors become HTTP responses. Unknown errors: 500, logged, nothing internal leaked. */
export function toHttpResponse(error: unknown): HttpResult {
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error('request failed', { error });
    const body: Record<string, unknown> = { error: { code: error.code, message: error.message } };
    if (error.details !== undefined) (body.error as Record<string, unknown>).details = error.details;
    return json(error.status, body);
  }
  logger.error('unhandled error', { error: error as Error });
  return json(500, { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } });
}

export function authFromEvent(event: HttpEvent): AuthContext | null {
  const claims = (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : '';
  return { userId: sub, email };
}

function parseWith<T>(schema: Schema<T> | undefined, value: unknown, what: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    const field = first?.path.map(String).join('.') || what;
    throw new ValidationError(first?.message ?? `Invalid ${what}`, {
      issues: result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      field,
    });
  }
  return result.data;
}

function readBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.');
  }
}

/**
 * The middleware stack of every HTTP handler: logger context with the request id, auth context from the
 * verified claims, JSON body + query + path validation against the route's zod contract, and error mapping
 * last. Handlers receive typed input and return an HttpResult.
 */
export function httpHandler<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P> & { public?: false },
  fn: (request: HttpRequest<B, Q, P>) => Promise<HttpResult>,
): (event: HttpEvent, context: Context) => Promise<HttpResult>;
export function httpHandler<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P> & { public: true },
  fn: (request: Omit<HttpRequest<B, Q, P>, 'auth'> & { auth: AuthContext | null }) => Promise<HttpResult>,
): (event: HttpEvent, context: Context) => Promise<HttpResult>;
export function httpHandler<B, Q, P>(
  schemas: Schemas<B, Q, P> & { public?: boolean },
  fn: (request: HttpRequest<B, Q, P>) => Promise<HttpResult>,
) {
  const base = async (event: HttpEvent): Promise<HttpResult> => {
    try {
      logger.appendKeys({ requestId: event.requestContext?.requestId, route: event.routeKey });
      const auth = authFromEvent(event);
      if (!auth && !schemas.public) throw new UnauthorizedError();
      const body = parseWith(schemas.body, readBody(event), 'body');
      const query = parseWith(schemas.query, event.queryStringParameters ?? {}, 'query');
      const params = parseWith(schemas.params, event.pathParameters ?? {}, 'path');
      const headers = Object.fromEntries(
        Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      );
      return await fn({ body, query, params, auth: auth as AuthContext, event, headers });
    } catch (error) {
      return toHttpResponse(error);
    } finally {
      logger.removeKeys(['requestId', 'route']);
    }
  };
  return middy<HttpEvent, HttpResult>(base).use(injectLambdaContext(logger, { resetKeys: true }));
}

/** For non-HTTP handlers (pipeline tasks, triggers): logger context, and errors logged then rethrown. */
export function eventHandler<E, R>(name: string, fn: (event: E, context: Context) => Promise<R>) {
  return middy<E, R>(async (event: E, context: Context) => {
    try {
      return await fn(event, context);
    } catch (error) {
      logger.warn(`${name} failed`, { error: error as Error });
      throw error;
    }
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}
