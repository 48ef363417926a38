export {
  ApiError,
  errorMessage,
  isApiError,
  parseEnvelope,
  parseRetryAfter,
  replyError,
  withFallbackMessage,
} from './api-error';
export type { ApiClient, CallOptions, RequestOptions, SessionStore } from './client';
export { API_BASE_URL, api, createApiClient, RETRY_STATUSES, setAuthFailureHandler, toQuery } from './client';
export { idempotencyKeys, newIdempotencyKey } from './idempotency';
