export { ApiError, errorMessage, isApiError } from './api-error';
export type { ApiClient, RequestOptions } from './client';
export { api, createApiClient, RETRY_STATUSES, setAuthFailureHandler } from './client';
