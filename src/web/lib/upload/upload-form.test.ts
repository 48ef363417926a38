import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { NO_ANSWER_MESSAGE } from '../api/client';
import type { Reachability } from '../api/reachability';
import { UPLOAD_FAILED, type UploadAuth, uploadForm } from './upload-form';

/** Just enough of XMLHttpRequest for the uploader; each test drives the reply by hand. */
class FakeXHR {
  static sent: FakeXHR[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onreadystatechange: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXHR.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  respond(status: number, body: unknown, statusText = '', headers: Record<string, string> = {}) {
    this.responseHeaders = headers;
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

const ok = (data: unknown, statusCode = 201) => ({ success: true, message: 'Created', data, statusCode });
const fail = (statusCode: number, message: string, errors?: Record<string, string[]>) => ({
  success: false,
  message,
  data: null,
  statusCode,
  ...(errors ? { errors } : {}),
});

/** Waits until the uploader has sent its n-th request. */
async function sentRequest(n: number): Promise<FakeXHR> {
  await vi.waitFor(() => expect(FakeXHR.sent.length).toBeGreaterThanOrEqual(n));
  return FakeXHR.sent[n - 1] as FakeXHR;
}

function fakeAuth(access = 'old-access', refresh: string | null = 'refresh-token') {
  const state = { access, refresh };
  const auth: UploadAuth & { refresh: ReturnType<typeof vi.fn> } = {
    getAccessToken: () => state.access,
    getRefreshToken: () => state.refresh ?? undefined,
    refresh: vi.fn(async () => {
      state.access = 'new-access';
    }),
  };
  return { auth, state };
}

/** A reachability whose probe answers as the test says. */
function fakeReach(answers: () => boolean): Reachability & { checks: number } {
  const r = {
    checks: 0,
    isReachable: () => true,
    unreachableSince: () => null,
    answered: () => {},
    noAnswer: () => {},
    check: async () => {
      r.checks++;
      return answers();
    },
    subscribe: () => () => {},
    stop: () => {},
  };
  return r;
}

const pdf = () => new File(['%PDF-1.4 test'], 'invoice.pdf', { type: 'application/pdf' });

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadForm', () => {
  it('sends fields and files as multipart with the bearer and idempotency key, and unwraps the envelope', async () => {
    const { auth } = fakeAuth();
    const file = pdf();
    const done = uploadForm({
      url: '/v1/peralert',
      fields: { tracking_number: 'TBA123456', weight: 2.5, user_id: null, note: undefined },
      files: [file, { name: 'photo.png', blob: new Blob(['png'], { type: 'image/png' }) }],
      idempotencyKey: 'key-1',
      auth,
    });
    const xhr = await sentRequest(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/v1/peralert');
    expect(xhr.headers.authorization).toBe('Bearer old-access');
    expect(xhr.headers['idempotency-key']).toBe('key-1');
    const body = xhr.body as FormData;
    expect(body.get('tracking_number')).toBe('TBA123456');
    expect(body.get('weight')).toBe('2.5');
    expect(body.has('user_id')).toBe(false);
    expect(body.has('note')).toBe(false);
    const files = body.getAll('files') as File[];
    expect(files.map((f) => f.name)).toEqual(['invoice.pdf', 'photo.png']);
    xhr.respond(201, ok({ id: 'p1' }));
    await expect(done).resolves.toEqual({ id: 'p1' });
  });

  it('reports upload progress as whole percentages, then 100 once the server has answered', async () => {
    const percents: number[] = [];
    const done = uploadForm({
      url: '/v1/peralert',
      fields: {},
      files: [pdf()],
      onProgress: (p) => percents.push(p),
      auth: fakeAuth().auth,
    });
    const xhr = await sentRequest(1);
    xhr.progress(0, 2000);
    xhr.progress(333, 2000);
    xhr.progress(334, 2000); // same whole percent: not repeated
    xhr.progress(1000, 2000);
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 }); // ignored
    xhr.progress(2000, 2000);
    expect(percents).toEqual([0, 17, 50, 100]);
    xhr.respond(201, ok(null));
    await done;
    expect(percents.at(-1)).toBe(100);
  });

  it('rejects a 4xx with a typed ApiError: status, the envelope message and its field errors', async () => {
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: fakeAuth().auth });
    const xhr = await sentRequest(1);
    xhr.respond(
      400,
      fail(400, 'Validation failed', { weight: ['Enter the weight in pounds'] }),
      'Bad Request',
    );
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      fieldErrors: { weight: ['Enter the weight in pounds'] },
    });
  });

  it('carries the Retry-After of a 429 (an upload quota), so the outbox waits as long as asked', async () => {
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: fakeAuth().auth });
    (await sentRequest(1)).respond(429, fail(429, 'You have uploaded 200 MB in the last hour'), '', {
      'retry-after': '1200',
    });
    await expect(done).rejects.toMatchObject({ status: 429, retryAfter: 1200 });
  });

  it("uses the reply's status text when the body is no envelope", async () => {
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: fakeAuth().auth });
    (await sentRequest(1)).respond(413, '<html>too big</html>', 'Payload Too Large');
    await expect(done).rejects.toMatchObject({ status: 413, message: 'Payload Too Large', fieldErrors: {} });
  });

  it('does not take a 2xx page that is no envelope for success', async () => {
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: fakeAuth().auth });
    (await sentRequest(1)).respond(200, '<!doctype html><title>Portal</title>', 'OK');
    await expect(done).rejects.toMatchObject({ status: 200, message: 'OK' });
  });

  it("rejects a network failure with 'Upload failed' (status 0)", async () => {
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: fakeAuth().auth });
    (await sentRequest(1)).fail();
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: UPLOAD_FAILED });
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('on 401 refreshes the tokens once and retries once with the new token', async () => {
    const { auth } = fakeAuth();
    const percents: number[] = [];
    const done = uploadForm({
      url: '/v1/packagereceipts',
      fields: { package_id: 'p1' },
      files: [pdf()],
      idempotencyKey: 'key-2',
      onProgress: (p) => percents.push(p),
      auth,
    });
    const first = await sentRequest(1);
    first.progress(100, 100);
    first.respond(401, fail(401, 'Token expired'));
    const second = await sentRequest(2);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(second.headers.authorization).toBe('Bearer new-access');
    expect(second.headers['idempotency-key']).toBe('key-2');
    expect((second.body as FormData).get('package_id')).toBe('p1');
    second.respond(201, ok([{ id: 'r1' }]));
    await expect(done).resolves.toEqual([{ id: 'r1' }]);
    expect(percents).toEqual([100, 0, 100]);
  });

  it('gives up after one retry when the second attempt is refused too', async () => {
    const { auth } = fakeAuth();
    const done = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth });
    (await sentRequest(1)).respond(401, fail(401, 'Token expired'));
    (await sentRequest(2)).respond(401, fail(401, 'Still expired'));
    await expect(done).rejects.toMatchObject({ status: 401, message: 'Still expired' });
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(FakeXHR.sent).toHaveLength(2);
  });

  it('does not refresh without a refresh token, and fails when the refresh fails', async () => {
    const a = fakeAuth('old-access', null);
    const first = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: a.auth });
    (await sentRequest(1)).respond(401, fail(401, 'Log in first'));
    await expect(first).rejects.toMatchObject({ status: 401 });
    expect(a.auth.refresh).not.toHaveBeenCalled();

    const b = fakeAuth();
    b.auth.refresh.mockRejectedValueOnce(new ApiError(401, 'Your session has ended. Please log in again.'));
    const second = uploadForm({ url: '/v1/peralert', fields: {}, files: [pdf()], auth: b.auth });
    (await sentRequest(2)).respond(401, fail(401, 'Token expired'));
    await expect(second).rejects.toMatchObject({
      status: 401,
      message: 'Your session has ended. Please log in again.',
    });
    expect(FakeXHR.sent).toHaveLength(2);
  });

  it('aborts when its signal fires', async () => {
    const controller = new AbortController();
    const done = uploadForm({
      url: '/v1/peralert',
      fields: {},
      files: [pdf()],
      signal: controller.signal,
      auth: fakeAuth().auth,
    });
    await sentRequest(1);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });

  describe('with no sign of life', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives up an upload that stopped moving when the server does not answer a probe either', async () => {
      const reachability = fakeReach(() => false);
      const done = uploadForm({
        url: '/v1/peralert',
        fields: {},
        files: [pdf()],
        auth: fakeAuth().auth,
        reachability,
        noAnswerMs: 1000,
      }).catch((e: unknown) => e);
      const xhr = await sentRequest(1);
      xhr.progress(100, 2000);
      await vi.advanceTimersByTimeAsync(999);
      expect(reachability.checks).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      const error = await done;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, message: NO_ANSWER_MESSAGE });
    });

    it('never cuts off a slow upload that moves, however long it takes', async () => {
      const reachability = fakeReach(() => false);
      const done = uploadForm({
        url: '/v1/peralert',
        fields: {},
        files: [pdf()],
        auth: fakeAuth().auth,
        reachability,
        noAnswerMs: 1000,
      });
      const xhr = await sentRequest(1);
      for (let sent = 0; sent <= 2000; sent += 20) {
        xhr.progress(sent, 2000);
        await vi.advanceTimersByTimeAsync(900);
      }
      xhr.upload.onload?.();
      await vi.advanceTimersByTimeAsync(500);
      xhr.respond(201, ok({ id: 'slow' }));
      await expect(done).resolves.toEqual({ id: 'slow' });
      expect(reachability.checks).toBe(0);
    });

    it('once every byte is sent, waits for the reply while the server answers, and gives up when it stops', async () => {
      let serverThere = true;
      const reachability = fakeReach(() => serverThere);
      const done = uploadForm({
        url: '/v1/peralert',
        fields: {},
        files: [pdf()],
        auth: fakeAuth().auth,
        reachability,
        noAnswerMs: 1000,
      }).catch((e: unknown) => e);
      const xhr = await sentRequest(1);
      xhr.progress(2000, 2000);
      xhr.upload.onload?.();
      await vi.advanceTimersByTimeAsync(3500);
      expect(reachability.checks).toBe(3);
      serverThere = false;
      await vi.advanceTimersByTimeAsync(1000);
      expect(await done).toMatchObject({ status: 0, message: NO_ANSWER_MESSAGE });
    });
  });
});
