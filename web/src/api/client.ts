import { getIdToken } from '../auth/session';
import {
  clearEarlyRequests,
  earlyRequestsClientId,
  firstRequestsFor,
  startEarlyRequests,
  storedClientId,
  storedIdToken,
  takeEarlyData,
  takeEarlyResponse,
  takeEarlyResponseForStoredToken,
} from './early';

/**
 * The SPA's API client: fetch with the signed-in user's ID token, JSON in and out, and every response parsed
 * with the route's shared zod contract (functions/contracts), so the UI only ever sees well-formed data.
 * Errors carry the server's user-facing message (`{ error: { code, message } }`, or API Gateway's `{ message }`).
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

let baseUrl = '/api';

/** The API's base URL (config.json's apiBaseUrl); '/api' on the twin and behind CloudFront. */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, '');
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | null | undefined>;
  signal?: AbortSignal;
}

/** The API's address for `path` (e.g. '/feedback'), for calls made without the client (sendBeacon, public). */
export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
}

function urlFor(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, v);
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * A page load of the signed-in app: its first GETs start now, with the token the browser keeps (early.ts),
 * while the app's code loads; apiRequest takes their answers. Nothing starts without a usable stored token.
 */
export function startPageLoadRequests(userPoolClientId: string, pathname = window.location.pathname): void {
  const paths = firstRequestsFor(pathname);
  if (paths.length === 0) return;
  const token = storedIdToken(userPoolClientId);
  earlyBaseUrl = baseUrl;
  if (token)
    startEarlyRequests(
      paths.map((path) => urlFor(path, undefined)),
      token,
      Date.now(),
      userPoolClientId,
    );
}

/** The API base URL the page load's early requests went to. */
let earlyBaseUrl: string | null = null;

/**
 * A page load of the signed-in app before /config.json has arrived: its first GETs start at once, for the app
 * client whose signed-in user the browser keeps and at the API's usual address ('/api', as on every stage).
 * Once the configuration is here, `confirmPageLoadRequests` keeps them, or asks again where it names another
 * client or address.
 */
export function startPageLoadRequestsBeforeConfig(pathname = window.location.pathname): void {
  const clientId = storedClientId();
  if (clientId) startPageLoadRequests(clientId, pathname);
}

/** The configuration has arrived: the early requests stand if they went to its client and address. */
export function confirmPageLoadRequests(userPoolClientId: string, pathname = window.location.pathname): void {
  if (earlyRequestsClientId() === userPoolClientId && earlyBaseUrl === baseUrl) return;
  clearEarlyRequests();
  startPageLoadRequests(userPoolClientId, pathname);
}

/**
 * GET `path`'s early answer, if it has already arrived, parsed with the route's contract: a screen's first
 * render can show it at once (a query's initialData) instead of asking again. Undefined otherwise.
 */
export function earlyData<T>(path: string, schema: ResponseSchema<T>): T | undefined {
  const body = takeEarlyData(urlFor(path, undefined));
  if (body === undefined) return undefined;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status})`;
  let code = 'http_error';
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string }; message?: string };
    message = body.error?.message ?? body.message ?? message;
    code = body.error?.code ?? code;
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(message, response.status, code);
}

export async function apiRequest<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const url = urlFor(path, options.query);
  const method = options.method ?? 'GET';
  // The same GET started at page load, while the browser keeps the token it was asked with: its answer, without
  // waiting for the auth code (a screen that asked before the answer arrived shows it as soon as it does).
  const kept = method === 'GET' ? takeEarlyResponseForStoredToken(url) : null;
  if (kept) {
    const response = await kept.catch(() => null);
    if (response) return parseResponse(response, schema);
  }
  const token = await getIdToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };
  // The same GET started at page load with this token: its answer (asked again if it failed to arrive).
  const early = init.method === 'GET' && token ? takeEarlyResponse(url, token) : null;
  let response: Response;
  try {
    response = await (early ? early.catch(() => fetch(url, init)) : fetch(url, init));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      'Unable to reach the server. Please check your internet connection and try again.',
      0,
      'network',
    );
  }
  return parseResponse(response, schema);
}

/** An answer's body parsed with the route's contract; the server's message when it is an error. */
async function parseResponse<T>(response: Response, schema: ResponseSchema<T>): Promise<T> {
  if (!response.ok) throw await errorFrom(response);
  const parsed = schema.safeParse(response.status === 204 ? null : await response.json());
  if (!parsed.success)
    throw new ApiError('The server sent an unexpected response.', response.status, 'bad_response');
  return parsed.data;
}

/** A file the API sends as an attachment: its bytes and the name from content-disposition (null if none). */
export interface ApiDownload {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a content-disposition header: filename*=UTF-8''… (RFC 6266) first, else filename="…". */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // malformed escapes: fall back to the plain filename
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name?.trim() || null;
}

/**
 * A GET whose answer is a file (text/csv and the like) rather than JSON: the same token, base URL and error
 * handling as apiRequest, the body as a Blob and the file name the server gave it.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> & { accept?: string } = {},
): Promise<ApiDownload> {
  const token = await getIdToken();
  const headers: Record<string, string> = { accept: options.accept ?? '*/*' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), { method: 'GET', headers, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      'Unable to reach the server. Please check your internet connection and try again.',
      0,
      'network',
    );
  }
  if (!response.ok) throw await errorFrom(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}
