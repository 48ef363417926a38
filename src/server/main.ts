import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { readyJobs } from './jobs/queue';
import { JOBS_TEMPLATE } from './jobs/template';

/** config -> database (migrated, seeded) -> app -> listen. */
async function main() {
  // Counted from the process's start: loading the code is part of what a start costs.
  const started = Date.now() - process.uptime() * 1000;
  const config = loadConfig();
  // Where a start's time goes (shown in the ready line): each part's own time, from the start, since the code loads
  // while the database opens and seeds on its own thread.
  const took = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const steps: string[] = [];
  // A new embedded database gets every demo user: their password hashes (scrypt, on libuv's threads) are made
  // while it opens rather than one by one in the seed.
  const seeds = import('./seeds/seed');
  const fresh = !config.databaseUrl && !existsSync(join(config.dataDir, 'pgdata', 'PG_VERSION'));
  const hashes = fresh ? seeds.then((m) => m.hashDemoPasswords(config.scryptLogN)) : undefined;
  // The database opens first (the embedded one starts from its template or creates and migrates itself on its own
  // thread), then gets the job queue's tables and the demo data (the seed's own code loads first, and little of
  // it), while this thread loads the rest of the server's code.
  const ready = Promise.all([
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateAdds: JOBS_TEMPLATE,
    }).then(async (database) => ({
      database,
      retriedJobs: await readyJobs(database),
      opened: took(started),
    })),
    seeds,
    hashes,
  ]).then(async ([opened, { seed }, demoHashes]) => {
    const seeding = Date.now();
    // One transaction: a start killed midway leaves no half-seeded customer (the seed skips one with packages),
    // and a few hundred inserts commit once.
    await opened.database.exclusive(() =>
      opened.database.db.transaction((tx) => seed(tx, { scryptLogN: config.scryptLogN, hashes: demoHashes })),
    );
    return { ...opened, seeded: took(seeding) };
  });
  ready.catch(() => {}); // reported below, once awaited
  const [{ buildApp }, { mailboxServed }, { DEMO_LOGINS }, { ensureDemoFiles }] = await Promise.all([
    import('./app'),
    import('./mail/mailbox.routes'),
    import('./seeds/seed'),
    import('./seeds/seed-packages'),
  ]);
  steps.push(`code ${took(started)}`);
  const { database, retriedJobs, opened, seeded } = await ready;
  steps.push(`database ${opened}`, `demo data ${seeded}`);
  let mark = Date.now();
  const step = (name: string) => {
    steps.push(`${name} ${took(mark)}`);
    mark = Date.now();
  };
  const app = await buildApp({ config, db: database.db });
  step('app');
  if (retriedJobs > 0) {
    // A mail among them may have gone out just before the crash: it is sent again (at least once, never lost).
    app.log.warn({ jobs: retriedJobs }, 'jobs running when the server last stopped: retried now');
  }
  await ensureDemoFiles(database.db, app.services.fileStore);
  step('demo files');

  let stopping = false;
  let backups: { close: () => Promise<void> } | null = null;
  // Graceful stop (a rolling deploy sends SIGTERM): /readyz turns 503 at once and replies ask to close their
  // connection; for SHUTDOWN_DRAIN_MS new connections are still served while the load balancer's health check takes
  // this instance out; then the listening socket closes (new connections go to the other instances), requests in
  // flight and background work in hand finish, and the process exits. SHUTDOWN_TIMEOUT_MS bounds the whole stop.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(
        { signal, drainMs: config.shutdownDrainMs },
        'shutting down: finishing the requests in flight',
      );
      app.draining = true;
      setTimeout(() => {
        app.log.error(
          { timeoutMs: config.shutdownTimeoutMs },
          'requests still running at the timeout: exiting',
        );
        process.exit(1);
      }, config.shutdownDrainMs + config.shutdownTimeoutMs).unref();
      // The app first (requests in flight and jobs in hand finish on the database), then the database. A backup
      // being taken finishes first (within the same timeout).
      void new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
        .then(() => backups?.close())
        .then(() => app.close())
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'error while shutting down');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // `npm run backup` asks this server for a backup while it runs (the database is open here alone): a listener of
  // its own on loopback, outside the API (backup/control.ts). Only for the embedded database with files on disk.
  const { snapshot } = database;
  if (snapshot && config.fileStore.kind === 'disk') {
    const { startBackupControl } = await import('./backup/control');
    // Serving matters more than backups: without the listener the portal runs, and says why backups cannot.
    backups = await startBackupControl({
      dataDir: config.dataDir,
      snapshot,
      holdRemovals: () => app.services.fileStore.holdRemovals(),
      log: app.log,
    }).catch((err: unknown) => {
      app.log.error({ err }, 'the backup listener did not start: npm run backup cannot ask this server');
      return null;
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Portal ready in ${((Date.now() - started) / 1000).toFixed(1)} s on ${database.kind === 'pglite' ? 'embedded PostgreSQL (PGlite)' : 'PostgreSQL'} (${steps.join(', ')}), Node.js ${process.version}`,
    `  Island Express:  http://${shown}:${port}`,
    `  Blue Parcel:     http://blue.localhost:${port}`,
    `  API docs:        http://${shown}:${port}/docs`,
    app.mailer.mode === 'smtp'
      ? '  Mail: sent through SMTP_URL'
      : mailboxServed(config, app.mailer.mode)
        ? `  Local mailbox:   http://${shown}:${port}/dev/mailbox (this machine only; each host shows its own company's mail)`
        : `  Local mailbox:   not served on the network; the mail is in ${config.dataDir}/mailbox`,
    '',
    '  Demo logins:',
    ...DEMO_LOGINS.map(
      (l) => `    ${l.company.padEnd(15)} ${l.role.padEnd(11)} ${l.email.padEnd(24)} ${l.password}`,
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(
    `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
