export { ApiError, errorMessage, isApiError, parseRetryAfter } from './api-error';
export type { ApiClient, RequestOptions, SessionStore } from './client';
export { API_BASE_URL, api, createApiClient, RETRY_STATUSES, setAuthFailureHandler } from './client';
