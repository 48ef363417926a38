import { t } from '@lingui/core/macro';
import type { Envelope, FieldErrors } from '../../../contract/envelope';

/** Every failed call surfaces as this: the envelope's status, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait, from Retry-After (429), when the server sent one. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    message: string,
    fieldErrors: FieldErrors = {},
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfter = retryAfter;
  }

  /** 0 means the request never got an answer (offline, DNS, CORS...). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Retry-After in seconds (given as seconds or as an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** A reply's body as an envelope, or null when it is none (empty, not JSON, not an object). */
export function parseEnvelope(text: string): Partial<Envelope<unknown>> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<Envelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/**
 * A failed reply as an ApiError: the envelope's message (else the status text, else `fallback`), its field errors
 * and Retry-After. Every transport (the client, the XHR uploader, the service worker) reads failures this way.
 */
export function replyError(
  status: number,
  env: Partial<Envelope<unknown>> | null | undefined,
  statusText: string | undefined,
  retryAfter: string | null | undefined,
  fallback: string,
): ApiError {
  const message = (typeof env?.message === 'string' && env.message) || statusText || fallback;
  const fieldErrors: FieldErrors = env?.errors && typeof env.errors === 'object' ? env.errors : {};
  return new ApiError(status, message, fieldErrors, parseRetryAfter(retryAfter));
}

/** A 404 as it came; any other failure as an ApiError with the same status (0 when none) and `message`. */
export function withFallbackMessage(e: unknown, message: string): ApiError {
  if (e instanceof ApiError && e.status === 404) return e;
  return new ApiError(e instanceof ApiError ? e.status : 0, message);
}

/** A message fit for the user, whatever was thrown. */
export function errorMessage(e: unknown, fallback?: string): string {
  const otherwise = fallback ?? t`Something went wrong. Please try again.`;
  if (e instanceof ApiError) return e.message || otherwise;
  return otherwise;
}
