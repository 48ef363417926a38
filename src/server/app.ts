import type { FastifyInstance } from 'fastify';
// Installs the contract's translator (statuses, validation) before anything translates.
import './i18n';
import { startAppJobs } from './app-jobs';
import { createTokenSigner } from './auth/tokens';
import { registerRoutes } from './capabilities';
import { connectRedis, type RedisLink } from './cluster/redis';
import { shareWrites } from './cluster/write-bus';
import type { Config } from './config';
import type { Db } from './db';
import { HEALTH_PATHS } from './health/health.routes';
import { authPlugin } from './http/auth';
import { registerDocs } from './http/docs';
import { registerHttp } from './http/http';
import { createServer } from './http/server';
import { tenantPlugin } from './http/tenant';
import { localePlugin } from './i18n/request';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { registerWeb } from './pwa/web';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** The link to Redis (REDIS_URL), or null: limits and caches are this process's own. */
    redis: RedisLink | null;
    /** Set when the server starts to stop: /readyz answers 503 so a load balancer sends nothing new. */
    draining: boolean;
    /** Every service (services.ts), for main.ts and tests; routes get theirs as plugin options. */
    services: Services;
    /** Every route served, as "METHOD /path" (the contract test holds them to the declarations). */
    served: Set<string>;
  }
}

/**
 * `logStream` lets tests read the structured log (and check that no secret is in it); `jobs` tunes the job queue
 * (tests: quick retries).
 */
export type AppOptions = {
  config: Config;
  db: Db;
  logStream?: NodeJS.WritableStream;
  jobs?: Partial<Omit<JobQueueOptions, 'log'>>;
};

/**
 * The server: the Fastify instance, the services on the database, then what every request goes through, the API's
 * routes, the docs and the PWA. main.ts starts it; tests inject into it.
 */
export async function buildApp({
  config,
  db,
  logStream,
  jobs: jobOptions,
}: AppOptions): Promise<FastifyInstance> {
  const app = createServer(config, logStream);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  const signer = createTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('redis', redis);
  app.decorate('draining', false);
  if (redis) {
    const stopSharing = await shareWrites(db, redis, app.log);
    app.addHook('onClose', async () => {
      stopSharing();
      await redis.close();
    });
  }
  const jobs = new JobQueue(db, { log: app.log, pollingIntervalSeconds: 2, ...jobOptions });
  const services = createServices({ db, config, jobs, signer, log: app.log, redis });
  app.decorate('services', services);
  await startAppJobs({
    jobs,
    db,
    mailer,
    store: services.fileStore,
    audit: services.audit,
    invoiceSends: services.invoiceSends,
    refreshOverdue: services.invoices.refreshOverdue,
    sendStorageReminders: () => services.storageReminders.send(),
    recheckPayments: () => services.payments.recheck(),
    config,
    vapid: services.vapid,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    // The jobs in hand finish; what is still queued stays in the database for the next instance.
    await jobs.stop();
    mailer.close();
  });

  await registerHttp(app, { config, redis, shutdown: app });
  await app.register(tenantPlugin, { db, hostless: HEALTH_PATHS });
  await app.register(localePlugin, { db });
  await app.register(authPlugin, { db, signer });
  await registerDocs(app);

  const served = new Set<string>();
  app.decorate('served', served);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) served.add(`${method} ${r.url}`);
  });
  // `app` as the shutdown flag: main.ts sets its `draining`.
  await registerRoutes(app, { ...services, config, mailer, shutdown: app });
  await registerWeb(app, { config, db });
  return app;
}
