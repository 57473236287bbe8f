import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import {
  type Membership,
  type MembershipRead,
  membershipOf,
  membershipWith,
} from '../adapters/dynamodb/membership';
import {
  type ApiArea,
  FUNCTIONS,
  type FunctionSpec,
  type HttpFunctionSpec,
  type Scope,
} from '../handlers/manifest';
import type { AuthContext, FamilyContext, OwnRecord, ReadAlong, RequestFacts } from '../shared/context';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../shared/errors';
import { logger } from '../shared/logger';
import { parseWith, type Schema } from '../shared/parse';
import { redactText } from '../shared/redact';

export type { Schema };

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

export type { AuthContext, FamilyContext, OwnRecord, ReadAlong, RequestFacts };

/** What a public route's limits know of a request (size, address, browser), with no trace of HTTP. */
export function requestFacts(event: HttpEvent): RequestFacts {
  const body = event.body ?? '';
  const bodyBytes = event.isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body);
  const userAgent = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'user-agent')?.[1];
  return {
    sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
    userAgent: userAgent ?? null,
    bodyBytes,
  };
}

/** What a handler of each scope is given about its caller. */
export type CallerOf<S extends Scope> = S extends 'public'
  ? { auth: AuthContext | null }
  : S extends 'self'
    ? { auth: AuthContext }
    : S extends 'user'
      ? { auth: AuthContext; family: FamilyContext | null }
      : { auth: AuthContext; family: FamilyContext };

export type HttpRequest<S extends Scope, B, Q, P> = {
  body: B;
  query: Q;
  params: P;
  event: HttpEvent;
  headers: Record<string, string | undefined>;
  /** The route's own record, read with the caller's membership (when the route declares `own`), for its service. */
  along: ReadAlong | undefined;
} & CallerOf<S>;

/** The answers of the scope check (a family route never tells an outsider more than "not found"). */
export const SCOPE_MESSAGES = {
  noFamily: 'No family found for this user',
  notAdmin: "Only the family's admin can do this.",
} as const;

/**
 * The scope check: who may call a route of `scope`, given the verified caller and their membership.
 * Returns the caller's family (null where the scope allows none) or throws 401, 404 or 403.
 */
export function resolveScope(
  scope: Scope,
  auth: AuthContext | null,
  membership: Membership | null,
): FamilyContext | null {
  if (scope === 'public') return null;
  if (!auth) throw new UnauthorizedError();
  if (scope === 'self') return null;
  const family = membership ? { ...auth, familyId: membership.familyId, role: membership.role } : null;
  if (scope === 'user') return family;
  if (!family) throw new NotFoundError(SCOPE_MESSAGES.noFamily);
  if (scope === 'admin' && family.role !== 'admin') throw new ForbiddenError(SCOPE_MESSAGES.notAdmin);
  return family;
}

interface Schemas<B, Q, P> {
  body?: Schema<B>;
  query?: Schema<Q>;
  params?: Schema<P>;
  /**
   * The record of the caller's family the route reads first, by its checked path parameters: read in the same
   * request as the membership where it can be (see `membershipWith`) and given to the handler as `along`.
   */
  own?: (params: P) => OwnRecord;
}

/** How the middleware reads a caller's membership (tests give their own). */
export interface MembershipLookup {
  membershipOf(userId: string): Promise<Membership | null>;
  /** The membership and a route's own record in one read, where the lookup can. */
  membershipWith?(userId: string, own: OwnRecord): Promise<MembershipRead>;
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

function readBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('The request body is not valid JSON.');
  }
}

export type HttpLambda = ((event: HttpEvent, context: Context) => Promise<HttpResult>) & {
  /** The manifest entry the handler serves: its route and scope. */
  readonly spec: HttpFunctionSpec;
};

/**
 * The middleware stack of every HTTP handler: logger context with the request id; the route's scope, read
 * from the handler's own manifest entry (the route table is the one declaration), checked against the
 * verified claims and the caller's membership, read once (public and self routes read none); JSON body + query + path
 * validation against the route's zod contract; error mapping last. Handlers receive typed input and their
 * caller (`auth`, and `family` unless public) and return an HttpResult.
 */
export function httpHandlerWith(lookup: MembershipLookup) {
  return function httpHandler<S extends Scope, B = undefined, Q = undefined, P = undefined>(
    spec: HttpFunctionSpec<S>,
    schemas: Schemas<B, Q, P>,
    fn: (request: HttpRequest<S, B, Q, P>) => Promise<HttpResult>,
  ): HttpLambda {
    const scope: Scope = spec.trigger.routes[0].scope;
    const base = async (event: HttpEvent): Promise<HttpResult> => {
      try {
        logger.appendKeys({ requestId: event.requestContext?.requestId, route: event.routeKey });
        const auth = authFromEvent(event);
        // Read only where the scope needs a family: never for a public route or one about the caller alone.
        const needsFamily = auth !== null && scope !== 'public' && scope !== 'self';
        // The path is checked first so that a route's own record can be read with the membership; a bad path is
        // still answered after the scope (an outsider learns nothing of the path) and after body and query.
        let params: P | undefined;
        let badPath: unknown;
        try {
          params = parseWith(schemas.params, event.pathParameters ?? {}, 'path');
        } catch (error) {
          badPath = error;
        }
        const own =
          needsFamily && schemas.own && lookup.membershipWith && badPath === undefined
            ? schemas.own(params as P)
            : undefined;
        const read: MembershipRead =
          own && auth && lookup.membershipWith
            ? await lookup.membershipWith(auth.userId, own)
            : { membership: needsFamily ? await lookup.membershipOf(auth.userId) : null };
        const family = resolveScope(scope, auth, read.membership);
        const along = family && read.along?.familyId === family.familyId ? read.along : undefined;
        const body = parseWith(schemas.body, readBody(event), 'body');
        const query = parseWith(schemas.query, event.queryStringParameters ?? {}, 'query');
        if (badPath !== undefined) throw badPath;
        const headers = Object.fromEntries(
          Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
        );
        const caller = scope === 'public' || scope === 'self' ? { auth } : { auth, family };
        // The caller's shape follows the scope just checked; TypeScript cannot narrow a conditional type.
        const request = { body, query, params, event, headers, along, ...caller } as unknown as HttpRequest<
          S,
          B,
          Q,
          P
        >;
        return await fn(request);
      } catch (error) {
        return toHttpResponse(error);
      } finally {
        logger.removeKeys(['requestId', 'route']);
      }
    };
    const handler = middy<HttpEvent, HttpResult>(base).use(injectLambdaContext(logger, { resetKeys: true }));
    return Object.assign(handler, { spec });
  };
}

export const httpHandler = httpHandlerWith({ membershipOf, membershipWith });

/**
 * An area's deployed function: dispatches each event on its routeKey to the handler of that route, using the
 * manifest's own route table. Every route of the area must have its handler here and no other, or the module
 * fails to load (and the infra tests, which load every area, fail).
 */
export function areaRouter(
  area: ApiArea,
  handlers: HttpLambda[],
  functions: FunctionSpec[] = FUNCTIONS,
): (event: HttpEvent, context: Context) => Promise<HttpResult> {
  const table = new Map<string, HttpLambda>();
  const served = new Set(handlers.map((h) => h.spec.id));
  for (const spec of functions) {
    if (spec.trigger.type !== 'http' || spec.trigger.area !== area) continue;
    const handler = handlers.find((h) => h.spec.id === spec.id);
    if (!handler) throw new Error(`The ${area} area has no handler for ${spec.id}`);
    served.delete(spec.id);
    for (const route of spec.trigger.routes) table.set(`${route.method} ${route.path}`, handler);
  }
  if (served.size)
    throw new Error(`The ${area} area serves handlers of other areas: ${[...served].join(', ')}`);
  return async (event, context) => {
    const handler = table.get(event.routeKey);
    if (!handler) return toHttpResponse(new NotFoundError());
    return handler(event, context);
  };
}

/**
 * For non-HTTP handlers (pipeline tasks, triggers): logger context, and errors logged then rethrown. The
 * Lambda runtime writes a rethrown error's message and stack to the function's log itself, so they are
 * redacted first (the same error, its name and fields kept: Step Functions and Cognito still see them).
 */
export function eventHandler<E, R>(name: string, fn: (event: E, context: Context) => Promise<R>) {
  return middy<E, R>(async (event: E, context: Context) => {
    try {
      return await fn(event, context);
    } catch (error) {
      if (error instanceof Error) {
        error.message = redactText(error.message);
        if (error.stack) error.stack = redactText(error.stack);
      }
      logger.warn(`${name} failed`, { error: error as Error });
      throw error;
    }
  }).use(injectLambdaContext(logger, { resetKeys: true }));
}
