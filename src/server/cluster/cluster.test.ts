import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginThrottle, createRedisLoginThrottle } from '../auth/login-throttle';
import { attachWriteWatch, onWrite, WriteWatch } from '../db/writes';
import { login } from '../test/auth';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError } from '../test/helpers';
import { type RedisServer, redisServerBinary, startRedisServer } from '../test/redis-server';
import { connectRedis, type RedisLink } from './redis';
import { shareWrites } from './write-bus';

const binary = redisServerBinary();
if (!binary) console.log('cluster.test: redis-server is not installed here; the Redis tests are skipped');

const quiet = { warn: () => {}, error: () => {} };

/** Until `check` holds, or fails after `ms`. */
async function eventually(check: () => boolean, ms = 2_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!binary)('shared state in Redis (REDIS_URL)', () => {
  let redis: RedisServer;
  const links: RedisLink[] = [];
  const link = async () => {
    const l = await connectRedis(redis.url, quiet);
    links.push(l);
    return l;
  };
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
    await redis.stop();
  });

  it('counts failed sign-ins of one account across instances, with an expiry, and a clear lifts it', async () => {
    const [a, b] = [await link(), await link()];
    const opts = { max: 3, windowMs: 60_000, log: quiet };
    const one = createRedisLoginThrottle({ redis: a.client, ...opts });
    const two = createRedisLoginThrottle({ redis: b.client, ...opts });
    await one.failed('c1', 'Someone@Example.test');
    await two.failed('c1', 'someone@example.test ');
    expect(await one.blockedFor('c1', 'someone@example.test')).toBe(0);
    await one.failed('c1', 'someone@example.test');
    const wait = await two.blockedFor('c1', 'SOMEONE@example.test');
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Another company's account of the same address is its own.
    expect(await two.blockedFor('c2', 'someone@example.test')).toBe(0);
    await two.clear('c1', 'someone@example.test');
    expect(await one.blockedFor('c1', 'someone@example.test')).toBe(0);
    // The in-memory throttle keeps the same behaviour for one process.
    const mem = createLoginThrottle({ max: 1, windowMs: 1_000 });
    await mem.failed('c1', 'x@example.test');
    expect(await mem.blockedFor('c1', 'x@example.test')).toBeGreaterThan(0);
  });

  it('tells the other instances which cached tables were written, once, and never echoes', async () => {
    const [a, b] = [await link(), await link()];
    const dbA = {};
    const dbB = {};
    const watchA = new WriteWatch();
    const watchB = new WriteWatch();
    attachWriteWatch(dbA, watchA);
    attachWriteWatch(dbB, watchB);
    const seenA: string[] = [];
    const seenB: string[] = [];
    onWrite(dbA, ['companies'], () => seenA.push('companies'));
    onWrite(dbB, ['companies'], () => seenB.push('companies'));
    const stopA = await shareWrites(dbA, a, quiet);
    const stopB = await shareWrites(dbB, b, quiet);
    watchA.notify(['companies']);
    // A table no lookup watches is not published.
    watchA.notify(['packages']);
    await eventually(() => seenB.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(seenA).toEqual(['companies']);
    expect(seenB).toEqual(['companies']);
    stopA();
    stopB();
  });

  describe('two app instances on one Redis', () => {
    let one: TestApp;
    let two: TestApp;
    beforeAll(async () => {
      // Two apps, each on its own copy of the demo database, sharing one Redis (as instances share it).
      one = await createTestApp({ env: { REDIS_URL: redis.url } });
      two = await createTestApp({ env: { REDIS_URL: redis.url } });
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
    });

    it('holds the sign-in limit in all (10 a minute), not per instance', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++) {
        const t = i % 2 === 0 ? one : two;
        const res = await login(t, `guess-${i}@example.test`, 'not-it-123', { ip: '127.0.0.9' });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('is ready with the database, the file store and Redis answering', async () => {
      const res = await one.request({ method: 'GET', url: '/readyz', host: '10.0.0.7' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { status: 'ok', database: 'ok', storage: 'ok', redis: 'ok' },
      });
    });
  });

  it('is not ready while Redis is down, but alive; ready again once it is back', async () => {
    const own = await startRedisServer();
    const t = await createTestApp({ env: { REDIS_URL: own.url } });
    try {
      await own.stop();
      const alive = await t.request({ method: 'GET', url: '/healthz', host: '10.0.0.7' });
      expect(alive.statusCode).toBe(200);
      const res = await t.request({ method: 'GET', url: '/readyz', host: '10.0.0.7' });
      expectError(res, 503, 'Not ready: redis unreachable');
      // Sign-in goes on without the shared limits (logged), rather than failing every customer.
      const signIn = await login(t, 'nobody@example.test', 'not-it-123', { ip: '127.0.0.10' });
      expect(signIn.statusCode).toBe(401);
      // Back on the same address: the client reconnects by itself.
      const again = await startRedisServer({ port: own.port });
      try {
        const until = Date.now() + 10_000;
        let status = 0;
        while (status !== 200 && Date.now() < until) {
          status = (await t.request({ method: 'GET', url: '/readyz', host: '10.0.0.7' })).statusCode;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
      } finally {
        await again.stop();
      }
    } finally {
      await t.close();
    }
  });

  it('fails closed when the operator says so: sign-in calls answer 503 while Redis is down, and work again after', async () => {
    const own = await startRedisServer();
    const t = await createTestApp({ env: { REDIS_URL: own.url, SIGN_IN_LIMITS_WITHOUT_REDIS: 'closed' } });
    try {
      expect((await login(t, 'nobody@example.test', 'not-it-123', { ip: '127.0.0.11' })).statusCode).toBe(
        401,
      );
      await own.stop();
      const refused = await login(t, 'nobody@example.test', 'not-it-123', { ip: '127.0.0.11' });
      expectError(refused, 503, 'Signing in is paused for a moment; please try again shortly');
      expect(refused.headers['retry-after']).toBe('30');
      // Only the calls the limits guard: the rest of the API answers as usual.
      expect((await t.request({ method: 'GET', url: '/v1/companies/me' })).statusCode).toBe(200);
      const again = await startRedisServer({ port: own.port });
      try {
        const until = Date.now() + 10_000;
        let status = 0;
        while (status !== 401 && Date.now() < until) {
          status = (await login(t, 'nobody@example.test', 'not-it-123', { ip: '127.0.0.12' })).statusCode;
          if (status !== 401) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(401);
      } finally {
        await again.stop();
      }
    } finally {
      await t.close();
    }
  });

  it('refuses to start when REDIS_URL names a Redis that does not answer, saying which', async () => {
    await expect(createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
      /Redis at 127\.0\.0\.1:1 is unreachable \(REDIS_URL\)/,
    );
  });
});

describe('health probes without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz on any host (a load balancer asks by address), never cached', async () => {
    for (const host of ['localhost', '10.1.2.3:8080', 'unknown.example']) {
      const alive = await t.request({ method: 'GET', url: '/healthz', host });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({
        success: true,
        message: 'alive',
        data: { status: 'ok' },
        statusCode: 200,
      });
      const ready = await t.request({ method: 'GET', url: '/readyz', host });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
      expect(ready.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 503 "Shutting down" once draining, while /healthz stays alive', async () => {
    t.app.draining = true;
    try {
      expectError(await t.request({ method: 'GET', url: '/readyz' }), 503, 'Shutting down');
      expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });
});
