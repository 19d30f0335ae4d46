import type { BodyOf, Endpoint, ResponseOf } from '@mingle/shared/core/endpoint';
import { i18n, msg } from '@/lib/i18n';
import { noteAnswer } from './offline-data';
import { loadMessages, translateMessage } from './messages';

/**
 * An API call that failed: `status` is 0 when the server could not be reached at all. `message` is in the reader's
 * language; `serverMessage` is the server's English one, for code that tells one refusal from another.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly serverMessage: string = message,
  ) {
    super(message);
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

const NETWORK_MESSAGE = msg("Can't reach Mingle right now. Check your connection and try again.");

/**
 * Calls the API on the same origin with the session cookie. Bodies go out as JSON (or as-is for FormData
 * uploads) and come back parsed; any non-2xx answer becomes an ApiError carrying the server's
 * `{ error: { code, message } }`, so forms can show the spec's message as the server wrote it.
 */
export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'include', signal: options.signal });
  } catch (error) {
    // An abort is the caller's own doing (TanStack Query cancelling a stale request): let it through untouched.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', i18n.t(NETWORK_MESSAGE));
  }

  if (!response.ok) throw await errorFrom(response);
  // The offline mark's "last synced" (an answer the service worker kept carries its first Date).
  if (method === 'GET') noteAnswer(response.headers.get('Date'));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'invalid_response', i18n.t('The server sent an answer we could not read.'));
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string') {
      await loadMessages();
      return new ApiError(response.status, code, translateMessage(message), message);
    }
  } catch {
    // Not our JSON error shape (a proxy or gateway answered): fall through to a message by status.
  }
  return new ApiError(response.status, fallbackCode(response.status), fallbackMessage(response.status));
}

function fallbackCode(status: number): string {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'server_unavailable' : 'request_failed';
}

function fallbackMessage(status: number): string {
  if (status === 401) return i18n.t('Please sign in to continue');
  if (status === 403) return i18n.t("You don't have permission to do this");
  if (status === 404) return i18n.t('Not found');
  if (status === 429) return i18n.t('Too many requests. Please try again later.');
  if (status >= 500) return i18n.t('The server is having trouble right now. Please try again in a moment.');
  return i18n.t('The request failed (HTTP {{status}}).', { status });
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};

type QueryValue = string | number | boolean | null | undefined;

export interface CallInput<E> extends RequestOptions {
  /** Values of the path's `{name}` segments. */
  params?: Record<string, string | number>;
  /** The query string; undefined and null values are left out. */
  query?: Record<string, QueryValue>;
  body?: BodyOf<E> | FormData;
}

/**
 * Calls one endpoint of the shared contract and answers with its type, inferred from the schema the server answers
 * with: the web never writes an answer's type again nor casts it.
 */
export function call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  const { params, query, body, ...options } = input;
  return request<ResponseOf<E>>(endpoint.method, urlOf(endpoint.path, params, query), body, options);
}

/** The path with its `{name}` segments filled in (encoded) and the query string appended. */
export function urlOf(path: string, params: Record<string, string | number> = {}, query: Record<string, QueryValue> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
