import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import { type Config, type ConfigOverrides, loadConfig } from '../config';
import { type Database, newPglite, openDatabase } from '../db';
import { ensureDemoFiles } from '../seeds/seed-packages';
import { TEST_SCRYPT_LOG_N } from './constants';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Everything the app logged, one JSON line each: tests assert secrets never land here. */
  logs: string[];
  request: (opts: InjectOptions & { host?: string; token?: string }) => Promise<LightMyRequestResponse>;
  login: (
    email: string,
    password: string,
    host?: string,
  ) => Promise<{ access: string; refresh: string; userId: string }>;
  close: () => Promise<void>;
};

export const DEMO = {
  customer: { email: 'customer@demo.test', password: 'demo-customer-1' },
  unverified: { email: 'unverified@demo.test', password: 'demo-unverified-1' },
  admin: { email: 'admin@demo.test', password: 'demo-admin-1' },
  clerk: { email: 'clerk@demo.test', password: 'demo-clerk-1' },
  platform: { email: 'platform@demo.test', password: 'demo-platform-1' },
  blue: { email: 'customer@blue.test', password: 'demo-customer-1' },
} as const;

async function freshDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const base = process.env.TEST_DATABASE_URL ?? '';
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...database,
      close: async () => {
        await database.close();
        const drop = new pg.Client({ connectionString: base });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  // TEST_PGLITE_WORKER=1: the server's own driver (PGlite in a worker thread) instead of an in-process PGlite.
  if (process.env.TEST_PGLITE_WORKER === '1')
    return openDatabase({ pgliteTemplate: inject('pgliteTemplate') });
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ pglite: newPglite(undefined, { loadDataDir: blob }) });
}

/**
 * A real app on a fresh database (seeded with the demo companies), driven through Fastify's inject. `jobs` tunes its
 * queue (a mail that fails for good at once: `{ retry: { limit: 0, delaySeconds: 0, backoff: false } }`).
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; config?: ConfigOverrides; jobs?: AppOptions['jobs'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-app-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, WEB_DIR: join(dataDir, 'no-web'), LOG_LEVEL: 'info', ...opts.env },
    { scryptLogN: TEST_SCRYPT_LOG_N, readyCheckMs: 15_000, ...opts.config },
  );
  const database = await freshDatabase();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    logStream: stream,
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
  });
  await app.ready();
  await ensureDemoFiles(database.db, app.services.fileStore);

  const request: TestApp['request'] = ({ host = 'localhost', token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  return {
    app,
    database,
    config,
    logs,
    request,
    login: async (email, password, host = 'localhost') => {
      const res = await request({
        method: 'POST',
        url: '/v1/auth/login',
        host,
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const data = res.json().data;
      return { access: data.access_token, refresh: data.refresh_token, userId: data.user.id };
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
