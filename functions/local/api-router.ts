import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiFunctions, type FunctionSpec, type HttpRoute } from '../handlers/manifest';
import type { LocalSigner } from './jwt';
import { invoke, LambdaTimeoutError } from './lambda-runtime';

/**
 * The twin's API Gateway (HTTP API, payload format 2.0): matches a request to a route from the function
 * manifest and invokes the function deployed for it (its area's, as in AWS), authorizes it the way the JWT authorizer does, turns it into the same event AWS would send and
 * maps the handler's result back to HTTP. Responses for unmatched routes, auth failures, oversized bodies
 * and handler crashes are API Gateway's own.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  route: HttpRoute;
  spec: FunctionSpec;
  pattern: RegExp;
  names: string[];
  /** Literal routes win over parameterised ones, as in API Gateway. */
  specificity: number;
}

function compile(route: HttpRoute, spec: FunctionSpec): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = /^\{(\w+)\+\}$/.exec(segment);
      if (greedy) {
        names.push(greedy[1]!);
        return '(.+)';
      }
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return {
    route,
    spec,
    pattern: new RegExp(`^${source}$`),
    names,
    specificity: route.path.split('{').length,
  };
}

export function compileRoutes(functions: FunctionSpec[] = apiFunctions()): CompiledRoute[] {
  const routes: CompiledRoute[] = [];
  for (const spec of functions) {
    if (spec.trigger.type !== 'http') continue;
    for (const route of spec.trigger.routes) routes.push(compile(route, spec));
  }
  return routes.sort((a, b) => a.specificity - b.specificity);
}

/**
 * Matches the path as it arrived (still percent-encoded), as API Gateway does; the path parameters come back
 * raw, and are decoded only once the request is authorized (decodePathParameters).
 */
export function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  let pathMatched = false;
  for (const candidate of routes) {
    const m = candidate.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (candidate.route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    candidate.names.forEach((name, i) => {
      pathParameters[name] = m[i + 1]!;
    });
    return { match: candidate, pathParameters, pathMatched };
  }
  return { match: null, pathParameters: {}, pathMatched };
}

/** Path parameters decoded, or null when one is not valid percent-encoding (`%`, `%ZZ`, a cut UTF-8 `%E0%A4%A`). */
export function decodePathParameters(raw: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return null;
  }
}

export interface RawRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The body was over MAX_BODY_BYTES and was not kept (functions/local/request-body.ts). */
  bodyTooLarge?: boolean;
  sourceIp: string;
}

function gatewayError(statusCode: number, message: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify({ message }),
  };
}

const TEXTUAL = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** Claims as API Gateway passes them: strings, numbers and booleans as strings, arrays as "[a b]". */
function stringifyClaims(claims: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(claims)) {
    out[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

export function createApiRouter(options: {
  signer: LocalSigner;
  functions?: FunctionSpec[];
  log?: (line: string) => void;
  /** Runs a function's invocation: in this thread (default), or in the twin's API workers (./api-workers.ts). */
  invoke?: (spec: FunctionSpec, event: unknown) => Promise<unknown>;
}) {
  const routes = compileRoutes(options.functions);
  const invokeFunction = options.invoke ?? invoke;

  return async function handle(request: RawRequest): Promise<APIGatewayProxyStructuredResultV2> {
    const url = new URL(request.url, 'http://local');
    const method = request.method.toUpperCase();
    // API Gateway's order: the route (404), the payload limit (413), the JWT authorizer (401), then the
    // request itself: a path parameter that is not valid percent-encoding is a 400 only for a caller the
    // authorizer let through (an unauthorized caller learns nothing about the path).
    const { match, pathParameters: rawParameters } = matchRoute(routes, method, url.pathname);
    if (!match) return gatewayError(404, 'Not Found');
    if (request.bodyTooLarge || request.body.length > MAX_BODY_BYTES)
      return gatewayError(413, 'Request Entity Too Large');

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(request.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    }
    let claims: Record<string, string> | undefined;
    if (match.route.scope !== 'public') {
      const raw = headers.authorization ?? '';
      const token = raw.replace(/^Bearer\s+/i, '').trim();
      const payload = token ? await options.signer.verify(token) : null;
      if (!payload) return gatewayError(401, 'Unauthorized');
      claims = stringifyClaims(payload as Record<string, unknown>);
    }
    const pathParameters = decodePathParameters(rawParameters);
    if (!pathParameters) return gatewayError(400, 'Bad Request');

    const now = new Date();
    const queryStringParameters: Record<string, string> = {};
    for (const [k, v] of url.searchParams) {
      queryStringParameters[k] =
        queryStringParameters[k] === undefined ? v : `${queryStringParameters[k]},${v}`;
    }
    const contentType = headers['content-type'] ?? '';
    const textual = request.body.length === 0 || TEXTUAL.test(contentType);
    const routeKey = `${match.route.method} ${match.route.path}`;
    const event = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      ...(headers.cookie ? { cookies: headers.cookie.split(/;\s*/) } : {}),
      headers,
      ...(Object.keys(queryStringParameters).length ? { queryStringParameters } : {}),
      ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: request.sourceIp,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
      ...(request.body.length
        ? { body: textual ? request.body.toString('utf8') : request.body.toString('base64') }
        : {}),
      isBase64Encoded: !textual,
    };

    try {
      const result = (await invokeFunction(match.spec, event)) as
        | APIGatewayProxyStructuredResultV2
        | string
        | undefined;
      if (result === undefined || result === null) return { statusCode: 200 };
      if (typeof result === 'string' || typeof result !== 'object' || !('statusCode' in result)) {
        return {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(result),
        };
      }
      return result;
    } catch (error) {
      if (error instanceof LambdaTimeoutError) return gatewayError(503, 'Service Unavailable');
      options.log?.(`handler ${match.spec.id} crashed: ${(error as Error).stack ?? String(error)}`);
      return gatewayError(500, 'Internal Server Error');
    }
  };
}
