import { getIdToken } from '../auth/session';

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

function urlFor(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, v);
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
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
  const token = await getIdToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      'Unable to reach the server. Please check your internet connection and try again.',
      0,
      'network',
    );
  }
  if (!response.ok) throw await errorFrom(response);
  const parsed = schema.safeParse(response.status === 204 ? null : await response.json());
  if (!parsed.success)
    throw new ApiError('The server sent an unexpected response.', response.status, 'bad_response');
  return parsed.data;
}
