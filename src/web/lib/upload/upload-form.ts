import {
  API_BASE_URL,
  ApiError,
  api,
  MAX_WAIT_MS,
  NO_ANSWER_MS,
  noAnswerMessage,
  parseEnvelope,
  type Reachability,
  reachability,
  replyError,
} from '../api';
import { watchdog } from '../api/reachability';

/** A file as the outbox will keep it (bytes + name) or as the browser gives it (File). */
export type UploadFile = File | { name: string; blob: Blob };

export type FieldValue = string | number | boolean | null | undefined;

/** How the uploader reaches the session; the app's client by default, fakes in tests. */
export interface UploadAuth {
  getAccessToken(): string | undefined;
  getRefreshToken(): string | undefined;
  /** The API client's single-flight refresh: concurrent 401s share one refresh. */
  refresh(): Promise<void>;
}

export interface UploadFormOptions {
  /** API path (joined to the configured base URL) or absolute URL. */
  url: string;
  /** Multipart text fields; null and undefined are left out. */
  fields: Record<string, FieldValue>;
  files: readonly UploadFile[];
  /** Name of the multipart file field. */
  fileField?: string;
  /** Bearer token for the first attempt; the session's access token when omitted. */
  token?: string | undefined;
  /** Sent as `Idempotency-Key`, so a replay after a lost reply creates nothing twice. */
  idempotencyKey?: string | undefined;
  /** Whole percent 0–100 of the bytes sent; 100 once the server has answered with success. */
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  auth?: UploadAuth;
  /** Where the upload reports whether the server answered (the app's one by default). */
  reachability?: Reachability;
  /** How long the upload may show no progress (or, once sent, no reply) before the server is probed. */
  noAnswerMs?: number;
}

/** The spec's message for an upload that got no answer at all. */
export const UPLOAD_FAILED = 'Upload failed';

const appAuth: UploadAuth = {
  getAccessToken: () => api.session.getAccessToken(),
  getRefreshToken: () => api.session.getRefreshToken(),
  refresh: () => api.refreshTokens(),
};

function resolveUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${API_BASE_URL}${url}`;
}

function buildBody(fields: Record<string, FieldValue>, files: readonly UploadFile[], fileField: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.append(name, String(value));
  }
  for (const file of files) {
    if (file instanceof File) body.append(fileField, file, file.name);
    else body.append(fileField, file.blob, file.name);
  }
  return body;
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/** One XHR attempt: resolves with the envelope's data, rejects with ApiError (status 0 = no answer). */
function send<T>(
  opts: UploadFormOptions,
  token: string | undefined,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const reach = opts.reachability ?? reachability;
    const onAbortSignal = () => xhr.abort();
    // Judged on progress, not on total time: a slow upload that moves is fine; one that stalls (or, once sent, gets
    // no reply) while the server does not answer a probe either is given up, and the caller queues it.
    let gaveUp = false;
    const dog = watchdog({
      quietMs: opts.noAnswerMs ?? NO_ANSWER_MS,
      maxQuietMs: MAX_WAIT_MS,
      check: () => reach.check(),
      onGiveUp: () => {
        gaveUp = true;
        xhr.abort();
      },
    });
    const done = () => {
      dog.stop();
      opts.signal?.removeEventListener('abort', onAbortSignal);
    };
    xhr.open('POST', resolveUrl(opts.url));
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (opts.idempotencyKey) xhr.setRequestHeader('Idempotency-Key', opts.idempotencyKey);
    xhr.upload.onprogress = (event) => {
      dog.poke();
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.upload.onload = () => dog.poke();
    xhr.onreadystatechange = () => dog.poke();
    xhr.onload = () => {
      done();
      reach.answered();
      const env = parseEnvelope(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && env && env.success === true) {
        resolve(env.data as T);
        return;
      }
      if (ok && !env && xhr.status === 204) {
        resolve(null as T);
        return;
      }
      const status = ok ? env?.statusCode || xhr.status : xhr.status;
      reject(replyError(status, env, xhr.statusText, xhr.getResponseHeader('retry-after'), UPLOAD_FAILED));
    };
    xhr.onerror = () => {
      done();
      reach.noAnswer();
      reject(new ApiError(0, UPLOAD_FAILED));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(gaveUp ? new ApiError(0, noAnswerMessage()) : abortError());
    };
    opts.signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(buildBody(opts.fields, opts.files, opts.fileField ?? 'files'));
  });
}

/**
 * Sends a multipart form with XHR so upload progress is real, and unwraps the API envelope.
 * Rejects with an ApiError: the reply's status, its envelope message (or the status text) and field errors;
 * status 0 and 'Upload failed' when no reply came. A 401 gets one shared token refresh and one retry.
 */
export async function uploadForm<T = unknown>(opts: UploadFormOptions): Promise<T> {
  const auth = opts.auth ?? appAuth;
  let last = -1;
  const progress = (percent: number) => {
    if (percent === last) return;
    last = percent;
    opts.onProgress?.(percent);
  };
  const firstToken = opts.token ?? auth.getAccessToken();
  try {
    const data = await send<T>(opts, firstToken, progress);
    progress(100);
    return data;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401 || !auth.getRefreshToken()) throw e;
  }
  // Another caller may have rotated the tokens while this upload was in flight: then no refresh is needed.
  if (auth.getAccessToken() === firstToken || !auth.getAccessToken()) await auth.refresh();
  progress(0);
  const data = await send<T>(opts, auth.getAccessToken(), progress);
  progress(100);
  return data;
}
