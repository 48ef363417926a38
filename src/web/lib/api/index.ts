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
export {
  API_BASE_URL,
  api,
  createApiClient,
  MAX_WAIT_MS,
  NO_ANSWER_MESSAGE,
  NO_ANSWER_MS,
  noAnswerMessage,
  RETRY_STATUSES,
  reachability,
  setAuthFailureHandler,
  toQuery,
} from './client';
export { idempotencyKeys, newIdempotencyKey } from './idempotency';
export type { Reachability } from './reachability';
