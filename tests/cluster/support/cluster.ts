// A cluster of real server processes on real shared services, for the scale-out test, its bench and the browser
// journeys against two instances: PostgreSQL (a fresh database on TEST_DATABASE_URL's server), redis-server,
// an S3-compatible server (s3rver), N instances of `src/server/main.ts`, and a round-robin proxy of our own.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type RedisServer, redisServerBinary, startRedisServer } from '../../../src/server/test/redis-server';
import { startS3Server, type TestS3Server } from '../../../src/server/test/s3-server';
import { freePort, scratchDatabase } from '../../../src/server/test/scratch';

export const root = resolve(import.meta.dirname, '../../..');

/** Why the cluster cannot run here, or null when everything it needs is installed and configured. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (a PostgreSQL server)';
  if (!redisServerBinary()) return 'redis-server is not installed';
  return null;
}

export type Services = {
  databaseUrl: string;
  redis: RedisServer;
  s3: TestS3Server;
  /** What every instance is started with: the same database, Redis, bucket and signing secret. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startServices(): Promise<Services> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const database = await scratchDatabase(base, 'portal_cluster');
  const [redis, s3] = await Promise.all([startRedisServer(), startS3Server()]);
  return {
    databaseUrl: database.url,
    redis,
    s3,
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      ...s3.env,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // The proxy is the one hop in front: the client address is the one it saw.
      TRUST_PROXY: '1',
      // Several of its health checks (every 100 ms) fit in this: it stops sending before the listener closes.
      SHUTDOWN_DRAIN_MS: '500',
    },
    stop: async () => {
      await Promise.allSettled([redis.stop(), s3.close()]);
      await database.drop();
    },
  };
}

export type Instance = {
  port: number;
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM (graceful) or SIGKILL; resolves once the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

async function waitReady(url: string, child: ChildProcess, output: () => string, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance not ready within ${ms} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One server process (`node --import tsx src/server/main.ts`), resolved once /readyz answers 200. */
export async function startInstance(
  env: Record<string, string>,
  opts: { port?: number; dataDir?: string } = {},
): Promise<Instance> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-node-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      WEB_DIR: join(dataDir, 'no-web'),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  await waitReady(url, child, () => out);
  return {
    port,
    url,
    dataDir,
    process: child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type RoundRobin = {
  url: string;
  port: number;
  /** Requests answered 502 because no instance could take them. */
  failures: () => number;
  close: () => Promise<void>;
};

/**
 * A round-robin reverse proxy, as a load balancer in front of the instances (Caddy's `health_uri` + `lb_retries`,
 * nginx's `proxy_next_upstream error` with a health check): it asks each instance's /readyz every 100 ms and sends
 * requests only to those that answer 200 (an instance shutting down says 503 at once, and keeps serving while
 * SHUTDOWN_DRAIN_MS runs, so nothing is sent to a socket about to close). A connection refused (an instance stopped
 * or not started yet) is tried on the next one: nothing reached it, so any method may be. A connection that breaks
 * after the request was sent answers 502 (the client retries with its Idempotency-Key). The request body is read
 * whole first so that a refused attempt can be replayed.
 */
export async function startProxy(
  targets: () => string[],
  opts: { port?: number; keepAlive?: boolean } = {},
): Promise<RoundRobin> {
  // Benches reuse connections to the instances (as a production balancer does); the tests open one per request,
  // so a stopped instance is noticed on the very next request.
  const agent = opts.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 64 }) : false;
  let next = 0;
  let failures = 0;
  const down = new Set<string>();
  const probe = setInterval(() => {
    for (const target of targets()) {
      fetch(`${target}/readyz`, { signal: AbortSignal.timeout(500) }).then(
        (res) => (res.ok ? down.delete(target) : down.add(target)),
        () => down.add(target),
      );
    }
  }, 100);
  // Ready ones only; if none answers, all (a refused connection is then retried on the next).
  const pool = () => {
    const all = targets();
    const ready = all.filter((t) => !down.has(t));
    return ready.length > 0 ? ready : all;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const list = pool();
      const attempt = (tries: number) => {
        const target = new URL(list[next++ % list.length] ?? '');
        const headers = {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
          ...(agent ? {} : { connection: 'close' }),
        };
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers,
            agent: false,
          },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED' && tries + 1 < list.length * 3) {
            // Nothing reached it: the next instance takes the request (after a breath when all were tried).
            setTimeout(() => attempt(tries + 1), tries >= list.length ? 50 : 0);
            return;
          }
          failures += 1;
          if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ success: false, message: 'Bad gateway', data: null, statusCode: 502 }));
          } else res.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  const listenPort = opts.port ?? (await freePort());
  await new Promise<void>((res) => server.listen(listenPort, '127.0.0.1', () => res()));
  return {
    url: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    failures: () => failures,
    close: () =>
      new Promise((res) => {
        clearInterval(probe);
        if (agent) agent.destroy();
        server.closeAllConnections();
        server.close(() => res());
      }),
  };
}

/** Removes an instance's data folder (its local mailbox, logs) once it is no longer needed. */
export function removeDataDir(instance: Instance) {
  rmSync(instance.dataDir, { recursive: true, force: true });
}
