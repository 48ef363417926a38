import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { packageCalls } from '../../../contract/packages.calls';
import { purchaseRequestCalls } from '../../../contract/purchase-requests.calls';
import { ApiError } from './api-error';
import { createApiClient, NO_ANSWER_MESSAGE, NOT_SENT_MESSAGE, type SessionStore } from './client';
import type { Reachability } from './reachability';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ok = (data: unknown) => json(200, { success: true, message: 'OK', data, statusCode: 200 });
const fail = (status: number, message = 'Nope', errors?: Record<string, string[]>) =>
  json(status, { success: false, message, data: null, statusCode: status, ...(errors ? { errors } : {}) });

function memorySession(access?: string, refresh?: string) {
  const store = { access, refresh };
  const session: SessionStore = {
    getAccessToken: () => store.access,
    getRefreshToken: () => store.refresh,
    setTokens: (t) => {
      store.access = t.access_token;
      store.refresh = t.refresh_token;
    },
    clearSession: () => {
      store.access = undefined;
      store.refresh = undefined;
    },
  };
  return { store, session };
}

type Handler = (url: string, init: RequestInit & { headers: Headers }) => Response | Promise<Response>;

/** A reachability whose probe answers as `probeAnswers` says, recording what requests reported. */
function fakeReachability(probeAnswers = true) {
  let reachable = true;
  const seen = { answered: 0, noAnswer: 0, checks: 0 };
  const reach: Reachability = {
    isReachable: () => reachable,
    unreachableSince: () => null,
    answered: () => {
      seen.answered++;
      reachable = true;
    },
    noAnswer: () => {
      seen.noAnswer++;
    },
    check: async () => {
      seen.checks++;
      reachable = probeAnswers;
      return probeAnswers;
    },
    subscribe: () => () => {},
    stop: () => {},
  };
  return {
    reach,
    seen,
    setReachable: (r: boolean) => {
      reachable = r;
    },
  };
}

function setup(
  handler: Handler,
  access = 'old-access',
  refresh = 'refresh-1234567890',
  reachability = fakeReachability(),
  noAnswerMs?: number,
) {
  const { store, session } = memorySession(access, refresh);
  const calls: { url: string; method: string; auth: string | null; body: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      auth: headers.get('authorization'),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    return handler(url, { ...init, headers });
  });
  const onAuthFailure = vi.fn();
  const client = createApiClient({
    baseURL: 'http://api.test',
    fetch: fetch as unknown as typeof globalThis.fetch,
    session,
    onAuthFailure,
    retryDelayMs: 0,
    reachability: reachability.reach,
    ...(noAnswerMs ? { noAnswerMs } : {}),
  });
  return { client, calls, store, onAuthFailure, reachability };
}

/** A fetch that never answers (a "black hole"), until its signal aborts it, as a browser's does. */
const blackHole: Handler = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
  });

describe('api client', () => {
  it('unwraps the envelope and sends the bearer token', async () => {
    const { client, calls } = setup(() => ok({ id: 1 }));
    await expect(client.get('/v1/thing')).resolves.toEqual({ id: 1 });
    expect(calls[0]?.auth).toBe('Bearer old-access');
  });

  it('sends no authorization header without a token', async () => {
    const { client, calls, store } = setup(() => ok(null));
    store.access = undefined;
    await client.get('/v1/companies/me');
    expect(calls[0]?.auth).toBeNull();
  });

  it('turns an error envelope into an ApiError with field errors', async () => {
    const { client, calls } = setup(() =>
      fail(400, 'Validation failed', { email: ['Enter a valid email address'] }),
    );
    const error = await client.get('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      fieldErrors: { email: ['Enter a valid email address'] },
    });
    expect(calls).toHaveLength(1); // 400 is never retried
  });

  it('retries a GET once on 503', async () => {
    let n = 0;
    const { client, calls } = setup(() => (n++ === 0 ? fail(503, 'Busy') : ok('fine')));
    await expect(client.get('/v1/x')).resolves.toBe('fine');
    expect(calls).toHaveLength(2);
  });

  it('retries a GET only once', async () => {
    const { client, calls } = setup(() => fail(503, 'Busy'));
    await expect(client.get('/v1/x')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    const { client, calls } = setup(() => fail(503, 'Busy'));
    await expect(client.request('/v1/x', { method, body: { a: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it.each([408, 409, 425, 429, 500, 502, 504])('retries a GET on %i', async (status) => {
    let n = 0;
    const { client, calls } = setup(() => (n++ === 0 ? fail(status) : ok(1)));
    await client.get('/v1/x');
    expect(calls).toHaveLength(2);
  });

  it.each([400, 403, 404, 422])('does not retry a GET on %i', async (status) => {
    const { client, calls } = setup(() => fail(status));
    await expect(client.get('/v1/x')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('shares one refresh between concurrent 401s, then retries each once', async () => {
    let refreshes = 0;
    const { client, calls, store } = setup(async (url, init) => {
      if (url.endsWith('/v1/auth/refresh')) {
        refreshes++;
        await new Promise((r) => setTimeout(r, 20));
        return ok({ access_token: 'new-access', refresh_token: 'refresh-rotated-123', token_type: 'Bearer' });
      }
      return init.headers.get('authorization') === 'Bearer new-access' ? ok(url) : fail(401, 'Expired');
    });
    const results = await Promise.all([
      client.get('/v1/a'),
      client.get('/v1/b'),
      client.post('/v1/c', { x: 1 }),
    ]);
    expect(results).toEqual(['http://api.test/v1/a', 'http://api.test/v1/b', 'http://api.test/v1/c']);
    expect(refreshes).toBe(1);
    const refreshCall = calls.find((c) => c.url.endsWith('/v1/auth/refresh'));
    expect(JSON.parse(refreshCall?.body ?? '{}')).toEqual({ refreshToken: 'refresh-1234567890' });
    expect(store).toEqual({ access: 'new-access', refresh: 'refresh-rotated-123' });
    expect(calls.filter((c) => !c.url.endsWith('/refresh'))).toHaveLength(6);
  });

  it('clears the session and reports once when the refresh fails', async () => {
    let refreshes = 0;
    const { client, store, onAuthFailure } = setup((url) => {
      if (url.endsWith('/v1/auth/refresh')) {
        refreshes++;
        return fail(401, 'Refresh token revoked');
      }
      return fail(401, 'Expired');
    });
    const results = await Promise.allSettled([client.get('/v1/a'), client.get('/v1/b')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(refreshes).toBe(1);
    expect(store).toEqual({ access: undefined, refresh: undefined });
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('does not refresh without a refresh token, nor when asked not to', async () => {
    const a = setup(() => fail(401, 'Invalid email or password'));
    a.store.refresh = undefined;
    await expect(a.client.get('/v1/x')).rejects.toMatchObject({ status: 401 });
    expect(a.calls).toHaveLength(1);

    const b = setup(() => fail(401, 'Invalid email or password'));
    await expect(b.client.post('/v1/auth/login', {}, { skipAuthRefresh: true })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(b.calls).toHaveLength(1);
  });

  it('reports a network failure as status 0 without clearing the session', async () => {
    const { client, store } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/v1/x')).rejects.toMatchObject({ status: 0 });
    expect(store.access).toBe('old-access');
  });

  describe('deadlines and reachability', () => {
    it('gives up on a request that gets no answer once the server does not answer a probe either', async () => {
      const r = fakeReachability(false);
      const { client } = setup(blackHole, undefined, undefined, r, 20);
      const started = Date.now();
      const error = await client.get('/v1/x').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 0, message: NO_ANSWER_MESSAGE });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(r.seen.checks).toBeGreaterThanOrEqual(1);
    });

    it('keeps waiting for a slow reply while the server answers the probe', async () => {
      const r = fakeReachability(true);
      const { client } = setup(
        () => new Promise((done) => setTimeout(() => done(ok('late but fine')), 120)),
        undefined,
        undefined,
        r,
        20,
      );
      await expect(client.get('/v1/report')).resolves.toBe('late but fine');
      expect(r.seen.checks).toBeGreaterThanOrEqual(2);
      expect(r.seen.answered).toBe(1);
    });

    it('never gives up a write while the server answers the probe, and never sends it twice', async () => {
      const r = fakeReachability(true);
      const { client, calls } = setup(
        () => new Promise((done) => setTimeout(() => done(ok({ saved: true })), 80)),
        undefined,
        undefined,
        r,
        20,
      );
      await expect(client.post('/v1/thing', { a: 1 })).resolves.toEqual({ saved: true });
      expect(calls).toHaveLength(1);
    });

    it('reports a network failure (but not a cancellation) so the server is asked whether it is there', async () => {
      const r = fakeReachability(true);
      const { client } = setup(
        () => {
          throw new TypeError('Failed to fetch');
        },
        undefined,
        undefined,
        r,
      );
      await expect(client.post('/v1/x', {})).rejects.toMatchObject({ status: 0 });
      expect(r.seen.noAnswer).toBe(1);

      const cancelled = fakeReachability(true);
      const c = setup(blackHole, undefined, undefined, cancelled);
      const controller = new AbortController();
      const pending = c.client.get('/v1/y', { signal: controller.signal }).catch((e: unknown) => e);
      controller.abort();
      await pending;
      expect(cancelled.seen.noAnswer).toBe(0);
    });

    it('while unreachable, sends nothing when the probe still gets no answer, and sends at once when it does', async () => {
      const down = fakeReachability(false);
      down.setReachable(false);
      const a = setup(() => ok('never'), undefined, undefined, down);
      await expect(a.client.post('/v1/x', { a: 1 })).rejects.toMatchObject({
        status: 0,
        message: NOT_SENT_MESSAGE,
      });
      expect(a.calls).toHaveLength(0);

      const back = fakeReachability(true);
      back.setReachable(false);
      const b = setup(() => ok('sent'), undefined, undefined, back);
      await expect(b.client.post('/v1/x', { a: 1 })).resolves.toBe('sent');
      expect(b.calls).toHaveLength(1);
    });
  });

  describe('call(endpoint, input)', () => {
    it('fills the path, drops empty filters and types the reply from the declaration', async () => {
      const { client, calls } = setup(() => ok({ id: 'p1', tracking_number: '1Z' }));
      const pkg = await client.call(packageCalls.one, { params: { id: 'a b/c' } });
      expectTypeOf(pkg.tracking_number).toEqualTypeOf<string>();
      expect(calls[0]?.url).toBe('http://api.test/v1/packages/a%20b%2Fc');

      await client.call(packageCalls.list, { query: { page: 2, q: '', status: undefined } });
      expect(calls[1]?.url).toBe('http://api.test/v1/packages?page=2');
      expect(calls[1]?.method).toBe('GET');
    });

    it('sends the body with the declared method and the Idempotency-Key it is given', async () => {
      const seen: (string | null)[] = [];
      const { client, calls } = setup((_url, init) => {
        seen.push(init.headers.get('idempotency-key'));
        return ok({ id: 'r1' });
      });
      await client.call(purchaseRequestCalls.create, {
        body: { product_url: 'https://shop.example/x', quantity: 1, description: 'Shoes' } as never,
        idempotencyKey: 'key-1',
      });
      expect(calls[0]).toMatchObject({ method: 'POST', url: 'http://api.test/v1/purchaserequests/' });
      expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ quantity: 1 });
      expect(seen).toEqual(['key-1']);
    });

    it('answers a file endpoint with a Blob', async () => {
      const { client } = setup(
        () =>
          new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'content-type': 'application/pdf' } }),
      );
      const pdf = await client.call(invoiceCalls.pdf, { params: { id: 'i1' } });
      expectTypeOf(pdf).toEqualTypeOf<Blob>();
      expect(pdf.size).toBe(4);
    });

    it('refuses to build a path with a missing parameter', async () => {
      const { client, calls } = setup(() => ok(null));
      await expect(client.call(packageCalls.one, { params: { id: '' } })).rejects.toThrow(/Missing path/);
      expect(calls).toHaveLength(0);
    });
  });
});
