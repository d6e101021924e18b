import type { FetchError, FetchOptions } from 'ofetch';
import type { components, paths } from '../../contracts/api';
import { normaliseError, type ApiError } from '../../contracts/errors';

export type Schemas = components['schemas'];

/** What a failed call tells the machines (contracts/errors.ts, where the one error normaliser lives). */
export type { ApiError };

export const APP_ID = '3';
export const APP_VERSION = '3.5.0';

/** The per-call values that change while the app runs (locale, building, farm). */
export interface RequestContext {
  apiBase: string;
  brand: string;
  locale: string;
  buildingUuid: string | null;
  appUuid: string;
  apiKey: string;
}

/**
 * How the client reaches the session machine. `refresh` asks the session to refresh and resolves with the new
 * access token, or null when the session could not be renewed; the session machine makes that single-flight.
 */
export interface SessionBridge {
  accessToken(): string | null;
  isAccessTokenExpired(): boolean;
  refresh(): Promise<string | null>;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON, or a multipart form (the browser sets its content type and boundary). */
  body?: Record<string, unknown> | FormData | undefined;
  query?: Record<string, string | number | boolean | undefined>;
  /** No bearer and no refresh on 401: only the refresh call itself (the specification sends the bearer on every other). */
  withoutBearer?: boolean;
  /** The call outlives the page (analytics sent as the page is hidden). */
  keepalive?: boolean;
  /** The answer's bytes as a Blob (a private photo), not JSON. */
  blob?: boolean;
  /** Headers of this call alone (a booking's Idempotency-Key), beside the ones every call carries. */
  headers?: Record<string, string>;
}

const newTraceId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2));

/**
 * ofetch is loaded with the first call, not with the page: the sign-in page paints and takes its first keystrokes
 * without it (its brand, configuration and flags come inlined in the HTML).
 */
let fetcher: Promise<typeof import('ofetch')> | null = null;
export const loadOfetch = () => (fetcher ??= import('ofetch'));

/** ofetch's error for an answer outside 2xx or a failed request (told by its name: the class loads with ofetch). */
const isFetchError = (error: unknown): error is FetchError => error instanceof Error && error.name === 'FetchError';

/**
 * A failed call as the machines see it: ofetch's error read into the API error's fields (the status, the server's
 * message and code, Retry-After, the body as it came), then the one normaliser (contracts/errors.ts) shapes it; an
 * API error already (a replayed call's) is normalised as it is; anything else is a status-0 failure.
 */
export function toApiError(error: unknown): ApiError {
  if (isFetchError(error)) {
    const data = error.data as { message?: unknown; code?: unknown } | undefined;
    return normaliseError({
      status: error.statusCode ?? 0,
      message: data?.message,
      code: data?.code,
      retryAfter: Number.parseInt(error.response?.headers.get('retry-after') ?? '', 10),
      body: error.data as unknown,
    });
  }
  return normaliseError(error && typeof error === 'object' && 'status' in error && 'message' in error ? error : undefined);
}

export interface ApiClient {
  call<T>(path: string, options?: CallOptions): Promise<T>;
  /** The per-call values as the client reads them now (from the app's actors). */
  values(): RequestContext;
}

/**
 * `leaving`: true once the page is being left. A call that fails then failed because the browser cancelled it, not
 * because the server refused: nobody is told (the promise never settles), so a machine cannot take the navigation for
 * a failure (a failed building list would log the person out, on the server too, just as the next page starts).
 */
export function createApiClient(context: () => RequestContext, session: SessionBridge, leaving: () => boolean = () => false): ApiClient {
  const headersFor = (ctx: RequestContext, token: string | null) => {
    const headers: Record<string, string> = {
      accept: 'application/vnd.atrium.v1+json, application/json',
      'accept-language': ctx.locale,
      'x-brand': ctx.brand,
      'x-app-id': APP_ID,
      'x-app-uuid': ctx.appUuid,
      'x-app-version': APP_VERSION,
      'x-trace-id': newTraceId(),
      'x-client-type': 'web',
      'x-requested-with': 'XMLHttpRequest',
    };
    if (ctx.buildingUuid) headers['x-building-uuid'] = ctx.buildingUuid;
    if (ctx.apiKey) headers['x-api-key'] = ctx.apiKey;
    if (token) headers.authorization = `Bearer ${token}`;
    return headers;
  };
  const send = async <T>(path: string, options: CallOptions, token: string | null) => {
    const ctx = context();
    const headers = headersFor(ctx, token);
    if (options.headers) Object.assign(headers, options.headers);
    const fetchOptions: FetchOptions<'json'> = {
      baseURL: ctx.apiBase,
      method: options.method ?? 'GET',
      headers,
      retry: 0,
      ...(options.keepalive ? { keepalive: true } : {}),
      ...(options.body ? { body: options.body } : {}),
      ...(options.query ? { query: options.query } : {}),
    };
    const { ofetch } = await loadOfetch();
    if (options.blob) {
      const { baseURL, method, retry } = fetchOptions;
      return (await ofetch(path, { baseURL, method, headers, retry, responseType: 'blob' })) as T;
    }
    return ofetch<T>(path, fetchOptions);
  };

  return {
    values: context,
    async call<T>(path: string, options: CallOptions = {}): Promise<T> {
      try {
        if (options.withoutBearer) return await send<T>(path, options, null);
        let token = session.accessToken();
        if (token && session.isAccessTokenExpired()) token = await session.refresh();
        try {
          return await send<T>(path, options, token);
        } catch (error) {
          // A 401 on a call that carried a token: wait for the one refresh, then replay once.
          if (!(token && isFetchError(error) && error.statusCode === 401)) throw error;
          // A call that left with a token the session has since replaced replays with the current one.
          const current = session.accessToken();
          const renewed = current && current !== token && !session.isAccessTokenExpired() ? current : await session.refresh();
          if (!renewed) throw error;
          return await send<T>(path, options, renewed);
        }
      } catch (error) {
        if (leaving()) return new Promise<T>(() => {});
        throw toApiError(error);
      }
    },
  };
}

let current: ApiClient | null = null;

/** The app installs its client once at start; tests install their own. */
export function installApiClient(client: ApiClient) {
  current = client;
}

export function api(): ApiClient {
  if (!current) throw new Error('The API client is not installed');
  return current;
}

/** The language, building, brand and API base the next call goes out with. */
export const requestValues = (): RequestContext => api().values();

/* The typed way to call the API: by path and verb of the OpenAPI document (contracts/api.d.ts), so a path the server
 * no longer serves, a wrong parameter or a misread answer fails the type check. */

type Verb = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, V extends Verb> = NonNullable<paths[P][V]>;
/** The paths that serve a verb. */
export type PathOf<V extends Verb> = { [P in keyof paths]: paths[P][V] extends undefined ? never : P }[keyof paths];
type PathParams<O> = O extends { parameters: { path: infer T } } ? (T extends Record<string, unknown> ? T : never) : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
/**
 * The body an operation takes: its JSON, a multipart form, or either when it takes both (a service request with or
 * without photos); never for one that takes none (`requestBody?: never`).
 */
type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? never
    : NonNullable<R> extends { content: { 'application/json': infer B; 'multipart/form-data': unknown } }
      ? B | FormData
      : NonNullable<R> extends { content: { 'application/json': infer B } }
        ? B
        : NonNullable<R> extends { content: { 'multipart/form-data': unknown } }
          ? FormData
          : never
  : never;
/** The answer of a call: its 200's JSON body (201's for a call that creates). */
export type AnswerOf<P extends keyof paths, V extends Verb> =
  Operation<P, V> extends { responses: { 200: { content: { 'application/json': infer R } } } }
    ? R
    : Operation<P, V> extends { responses: { 201: { content: { 'application/json': infer R } } } }
      ? R
      : unknown;

export type RequestOptions<P extends keyof paths, V extends Verb> = {
  query?: QueryOf<Operation<P, V>>;
  body?: BodyOf<Operation<P, V>>;
  /** No bearer and no refresh on 401: only the refresh call itself. */
  withoutBearer?: boolean;
  /** The call outlives the page. */
  keepalive?: boolean;
  /** Headers of this call alone (an Idempotency-Key). */
  headers?: Record<string, string>;
} & ([PathParams<Operation<P, V>>] extends [never] ? { params?: undefined } : { params: PathParams<Operation<P, V>> });

/** `/tenant/v1/buildings/{id}` with `{ id: 'b 1' }` → `/tenant/v1/buildings/b%201`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value == null || value === '') throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls the installed client by verb and path of the API document; the answer is typed from it. */
export function request<V extends Verb, P extends PathOf<V>>(
  verb: V,
  path: P,
  ...[options]: Record<never, never> extends RequestOptions<P, V> ? [RequestOptions<P, V>?] : [RequestOptions<P, V>]
): Promise<AnswerOf<P, V>> {
  const { params, query, body, withoutBearer, keepalive, headers } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    withoutBearer?: boolean;
    keepalive?: boolean;
    headers?: Record<string, string>;
  };
  const call: CallOptions = { method: verb.toUpperCase() as CallOptions['method'] };
  if (body !== undefined) call.body = body as Record<string, unknown> | FormData;
  if (query) call.query = query as CallOptions['query'];
  if (withoutBearer) call.withoutBearer = true;
  if (keepalive) call.keepalive = true;
  if (headers) call.headers = headers;
  return api().call<AnswerOf<P, V>>(fillPath(path, params), call);
}

/**
 * The bytes at a path of the API that the server gave (a request's photo link), read as the other calls are: with
 * the bearer, the one refresh and the one error shape. A path that is not the API's own is refused here.
 */
export function requestBlob(path: string): Promise<Blob> {
  if (!path.startsWith('/') || path.startsWith('//')) return Promise.reject(new Error(`not a path of the API: ${path}`));
  return api().call<Blob>(path, { blob: true });
}
