import { t } from '@lingui/core/macro';
import { createFetch, FetchError, type FetchOptions } from 'ofetch';
import { authCalls } from '../../../contract/auth.calls';
import { type Call, type CallInput, type NeedsInput, pathOf, type ReplyOf } from '../../../contract/endpoint';
import type { Envelope } from '../../../contract/envelope';
import {
  clearSession as defaultClearSession,
  getAccessToken as defaultGetAccess,
  getRefreshToken as defaultGetRefresh,
  setTokens as defaultSetTokens,
} from '../session/session';
import { ApiError, replyError } from './api-error';
import { createReachability, type Reachability, watchdog } from './reachability';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Calls that must not trigger a token refresh (login, refresh itself...). */
  skipAuthRefresh?: boolean;
  /** 'blob' returns the raw body (file downloads) instead of unwrapping a JSON envelope. */
  responseType?: 'json' | 'blob';
}

/** Only these statuses are retried, once, and only for methods that do not change anything. */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MUTATIONS = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SessionStore {
  getAccessToken(): string | undefined;
  getRefreshToken(): string | undefined;
  setTokens(tokens: { access_token: string; refresh_token: string }): void;
  clearSession(): void;
}

export interface ApiClientOptions {
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  session?: SessionStore;
  /** Called once when a refresh fails: the session is gone, the user must log in again. */
  onAuthFailure?: () => void;
  /** Milliseconds before the single retry (Retry-After wins when larger, up to 5 s). */
  retryDelayMs?: number;
  /** Where each request reports whether the server answered (the app's one by default). */
  reachability?: Reachability;
  /** How long a request waits for the reply's first byte before asking whether the server is there at all. */
  noAnswerMs?: number;
}

/**
 * A request waits this long for its reply to start before the server is probed: on a phone on a slow network a reply
 * starts well within 2 s (Lighthouse's slow 4G: 150 ms round trips), so 5 s is a network that is not answering;
 * with the probe's 3 s, a black hole is left within 8 s. A server that answers the probe is only slow (a big report):
 * the request keeps waiting, up to a minute.
 */
export const NO_ANSWER_MS = 5_000;
export const MAX_WAIT_MS = 60_000;

/** The message of a request that got no answer in time (it may still have reached the server). */
export const NO_ANSWER_MESSAGE =
  'The server did not answer. Check your connection; if you were saving something, check whether it was saved before trying again.';

/** The message of a request not even sent, because the server is known not to answer. */
export const NOT_SENT_MESSAGE = "Can't reach the server right now: nothing was sent. Try again in a moment.";

/*
 * The same messages in the current language, made when thrown (the constants above are their English, which tests
 * compare with).
 */
export const noAnswerMessage = () =>
  t`The server did not answer. Check your connection; if you were saving something, check whether it was saved before trying again.`;
const notSentMessage = () => t`Can't reach the server right now: nothing was sent. Try again in a moment.`;
const networkMessage = () => t`Network error: check your connection and try again.`;

/** Thrown (as the fetch's cause) when the watchdog ended a request that got no answer. */
export class NoAnswerError extends Error {
  constructor() {
    super(noAnswerMessage());
    this.name = 'NoAnswerError';
  }
}

function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof NoAnswerError || (e instanceof FetchError && e.cause instanceof NoAnswerError)) {
    return new ApiError(0, noAnswerMessage());
  }
  if (e instanceof FetchError) {
    const status = e.response?.status ?? e.status ?? 0;
    const body = e.data && typeof e.data === 'object' ? (e.data as Partial<Envelope<unknown>>) : null;
    const statusText = status === 0 ? networkMessage() : e.statusText;
    return replyError(status, body, statusText, e.response?.headers.get('retry-after'), t`Request failed`);
  }
  if (e instanceof DOMException && e.name === 'AbortError') throw e;
  return new ApiError(0, networkMessage());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ApiClient = ReturnType<typeof createApiClient>;

/** Transport options of `api.call`, beside the endpoint's own input. */
export type CallOptions = Pick<RequestOptions, 'headers' | 'signal' | 'skipAuthRefresh'> & {
  /** Sent as `Idempotency-Key` (endpoints declared `idempotent`): a retry with the same key creates nothing twice. */
  idempotencyKey?: string;
};

/** `api.call(e)` may omit the input only when the endpoint needs none. */
export type CallArgs<E extends Call> =
  NeedsInput<E> extends true ? [input: CallInput<E> & CallOptions] : [input?: CallInput<E> & CallOptions];

/** Query values as they travel: empty filters dropped, so equal views share one URL (and one cache entry). */
export function toQuery(query: object | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
  }
  return out;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const session: SessionStore = options.session ?? {
    getAccessToken: defaultGetAccess,
    getRefreshToken: defaultGetRefresh,
    setTokens: defaultSetTokens,
    clearSession: defaultClearSession,
  };
  const retryDelayMs = options.retryDelayMs ?? 300;
  const reach = options.reachability ?? reachability;
  const noAnswerMs = options.noAnswerMs ?? NO_ANSWER_MS;
  // Resolve fetch at call time so tests (and polyfills) can replace the global.
  const fetchImpl: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /**
   * Every request has a deadline (see NO_ANSWER_MS) and says how it ended: a reply proves the server is there; a
   * failure at the network level (not a cancellation) makes the app ask whether it still is.
   */
  const deadlineFetch: typeof globalThis.fetch = (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal;
    const cancel = () => controller.abort(outer?.reason);
    if (outer?.aborted) cancel();
    else outer?.addEventListener('abort', cancel, { once: true });
    let gaveUp = false;
    const dog = watchdog({
      quietMs: noAnswerMs,
      maxQuietMs: MAX_WAIT_MS,
      check: () => reach.check(),
      onGiveUp: () => {
        gaveUp = true;
        controller.abort(new NoAnswerError());
      },
    });
    const done = () => {
      dog.stop();
      outer?.removeEventListener('abort', cancel);
    };
    return fetchImpl(input, { ...init, signal: controller.signal }).then(
      (response) => {
        done();
        reach.answered();
        return response;
      },
      (e: unknown) => {
        done();
        if (gaveUp) throw new NoAnswerError();
        if (!outer?.aborted) reach.noAnswer();
        throw e;
      },
    );
  };
  const $fetch = createFetch({ fetch: deadlineFetch }).create({
    baseURL: options.baseURL ?? '',
    retry: 0,
  });

  let refreshing: Promise<void> | null = null;

  /** Single flight: every caller that saw a 401 waits on the same refresh. */
  function refreshTokens(): Promise<void> {
    if (!refreshing) {
      refreshing = doRefresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function doRefresh(): Promise<void> {
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) throw new ApiError(401, t`Your session has ended. Please log in again.`);
    try {
      const env = await $fetch<Envelope<{ access_token: string; refresh_token: string }>>(
        authCalls.refresh.path,
        {
          method: 'POST',
          body: { refreshToken },
        },
      );
      if (!env?.success || !env.data?.access_token) throw new ApiError(401, env?.message || 'Refresh failed');
      session.setTokens(env.data);
    } catch (e) {
      const err = toApiError(e);
      // Offline is not a failed refresh: keep the tokens so the session survives until the network is back.
      if (!err.isNetworkError) {
        session.clearSession();
        options.onAuthFailure?.();
      }
      throw err;
    }
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const method = opts.method ?? 'GET';
    // Known unreachable: one shared probe decides at once, instead of each request waiting out its own deadline.
    if (!reach.isReachable() && !(await reach.check())) throw new ApiError(0, notSentMessage());
    let retried = false;
    let refreshed = false;
    for (;;) {
      const token = session.getAccessToken();
      const fetchOptions: FetchOptions<'json'> = {
        method,
        headers: {
          Accept: 'application/json',
          ...opts.headers,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(opts.body !== undefined ? { body: opts.body as Record<string, unknown> } : {}),
        ...(opts.query ? { query: opts.query } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      };
      try {
        if (opts.responseType === 'blob') {
          const blobOptions = { ...fetchOptions, responseType: 'blob' } as FetchOptions<'blob'>;
          return (await $fetch<Blob, 'blob'>(path, blobOptions)) as T;
        }
        const env = await $fetch<Envelope<T>>(path, fetchOptions);
        if (env && typeof env === 'object' && 'success' in env) {
          if (!env.success) throw new ApiError(env.statusCode || 500, env.message, env.errors ?? {});
          return env.data;
        }
        return env as T;
      } catch (e) {
        const err = toApiError(e);
        if (err.status === 401 && !opts.skipAuthRefresh && !refreshed && session.getRefreshToken()) {
          refreshed = true;
          // Another caller may already have rotated the tokens while this request was in flight.
          if (session.getAccessToken() === token) await refreshTokens();
          continue;
        }
        if (!retried && !MUTATIONS.has(method) && RETRY_STATUSES.has(err.status)) {
          retried = true;
          const wait = Math.min(Math.max(retryDelayMs, (err.retryAfter ?? 0) * 1000), 5000);
          if (wait > 0) await sleep(wait);
          continue;
        }
        throw err;
      }
    }
  }

  /** Calls an endpoint of the contract: path, method and the reply's type all come from its declaration. */
  async function call<E extends Call>(e: E, ...args: CallArgs<E>): Promise<ReplyOf<E>> {
    const input = (args[0] ?? {}) as CallInput<Call> & CallOptions;
    const headers = input.idempotencyKey
      ? { ...input.headers, 'Idempotency-Key': input.idempotencyKey }
      : input.headers;
    return request<ReplyOf<E>>(pathOf(e, input.params), {
      method: e.method,
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.query ? { query: toQuery(input.query) } : {}),
      ...(headers ? { headers } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(input.skipAuthRefresh ? { skipAuthRefresh: true } : {}),
      ...(e.file ? { responseType: 'blob' as const } : {}),
    });
  }

  return {
    request,
    call,
    get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
    /** A file's bytes (bearer, refresh and retry as for any GET). */
    getBlob: (path: string, opts: Omit<RequestOptions, 'method' | 'body' | 'responseType'> = {}) =>
      request<Blob>(path, { ...opts, method: 'GET', responseType: 'blob' }),
    /** The shared single-flight refresh: other transports (the XHR uploader) use it for their 401s. */
    refreshTokens,
    session,
  };
}

let authFailureHandler: () => void = () => {
  if (typeof window !== 'undefined') window.location.assign('/login');
};

/** The app installs a router-aware handler at boot. */
export function setAuthFailureHandler(handler: () => void): void {
  authFailureHandler = handler;
}

/** The API's base URL from configuration; same origin by default. */
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

/**
 * The app's reachability: probed at the server's health check, which answers on any host without touching the
 * database, and is never answered by the service worker (a cached answer would prove nothing).
 */
export const reachability: Reachability = createReachability({
  probe: async (signal) => {
    await globalThis.fetch(`${API_BASE_URL}/healthz?t=${Date.now()}`, { cache: 'no-store', signal });
    return true;
  },
  browserOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
});

/** The app's client: base URL from configuration, same origin by default. */
export const api = createApiClient({
  baseURL: API_BASE_URL,
  onAuthFailure: () => authFailureHandler(),
});
