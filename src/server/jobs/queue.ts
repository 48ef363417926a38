import { AsyncResource } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  type Db as BossDatabase,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type PGliteLike,
  PgBoss,
  type SendOptions,
} from 'pg-boss';
import type { Database, Db } from '../db';
import { PgliteWorkerClient } from '../db/pglite-client';

/** pg-boss's tables live in their own schema of the app's database. */
export const JOBS_SCHEMA = 'pgboss';

/** The app's queues. Created when the database is readied (see readyJobs), so a test app's template has them. */
export const QUEUE_NAMES = [
  'mail',
  'orphan-files',
  'overdue-invoices',
  'storage-reminders',
  'payment-recheck',
  'push',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export type EnqueueOptions = {
  /** The caller's transaction: the job is inserted in it, so it commits (and runs) or rolls back with it. */
  within?: Db | undefined;
  /** At most one job with this key waits in the queue at a time. */
  singletonKey?: string;
  startAfter?: Date | number;
};

/** Jobs fetched at once by a worker (each settled on its own). */
const BATCH = 5;

export type JobInfo = { id: string; retryCount: number; retryLimit: number };
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** How a job is retried (per job, so tests can retry at once). */
export type RetryPolicy = { limit: number; delaySeconds: number; backoff: boolean; delayMaxSeconds?: number };

export type JobQueueOptions = {
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** How often an idle worker looks for work another instance queued (a local enqueue wakes it at once). */
  pollingIntervalSeconds?: number;
  /** Retries of every job; default 5 with exponential backoff from 10 s (at most 10 min apart). */
  retry?: RetryPolicy;
  /** Seconds a job may run before it counts as lost (its worker died) and is retried elsewhere. */
  expireInSeconds?: number;
  /** How often this instance looks for expired jobs (pg-boss's supervisor). */
  superviseIntervalSeconds?: number;
  /** Run the cron schedules from this instance (only one instance sends each tick). */
  schedules?: boolean;
};

const DEFAULT_RETRY: RetryPolicy = { limit: 5, delaySeconds: 10, backoff: true, delayMaxSeconds: 600 };

/** pg-boss's view of the app's database: the same pool (PostgreSQL) or the same embedded connection (PGlite). */
export function jobsDatabaseOf(db: Db): { db: BossDatabase; backend: 'postgres' | 'pglite' } {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      backend: 'postgres',
      db: {
        async executeSql(text, values) {
          // A block of statements (no parameters) answers one result per statement: their rows, in order.
          const result = (await client.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
          return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
        },
      },
    };
  }
  if (client instanceof PgliteWorkerClient) return { backend: 'pglite', db: fromPglite(client.forJobs()) };
  return { backend: 'pglite', db: fromPglite(client as PGliteLike) };
}

function newBoss(db: Db, extra: ConstructorParameters<typeof PgBoss>[0] & object): PgBoss {
  const target = jobsDatabaseOf(db);
  return new PgBoss({ schema: JOBS_SCHEMA, db: target.db, backend: target.backend, ...extra });
}

/**
 * Readies a database just opened for the job queue, before an app runs on it: pg-boss's schema and the app's queues
 * (in the database's start-up turn, so instances started together install once), then, where this process alone
 * serves the database (the embedded one whose folder lock it holds), the jobs that were running when the previous
 * holder died are due again. Returns how many. On a failure the database is closed: there is nothing to run on.
 */
export async function readyJobs(database: Database): Promise<number> {
  try {
    await database.exclusive(() => installJobs(database.db));
    return database.soleServer ? await retryAbandonedJobs(database.db) : 0;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/**
 * Creates (or migrates) pg-boss's schema and the app's queues in a migrated database (readyJobs). Safe with several
 * instances starting at once: pg-boss installs under an advisory lock.
 */
export async function installJobs(db: Db): Promise<void> {
  const { db: jobsDb } = jobsDatabaseOf(db);
  const { rows } = await jobsDb.executeSql(
    `SELECT to_regclass('${JOBS_SCHEMA}.version') IS NOT NULL AS installed`,
    [],
  );
  if (rows[0]?.installed) return; // a newer pg-boss migrates it when the queue starts
  const boss = newBoss(db, { supervise: false, schedule: false, migrate: true, createSchema: true });
  boss.on('error', () => {}); // start() rejects with anything that matters here
  await boss.start();
  try {
    for (const name of QUEUE_NAMES) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name).catch(() => {}); // a racing instance made it
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * Jobs that were running when the process holding them died (kill -9, a crash, a pulled plug) are due again at once;
 * returns how many. Only for a database no other live instance works on: the embedded one, whose folder lock the
 * caller holds (on PostgreSQL another instance may be running them, and the supervisor retries a dead one's jobs
 * once they expire). The attempt that was cut off counts as one: pg-boss counts it when the job is claimed again.
 */
export async function retryAbandonedJobs(db: Db): Promise<number> {
  const { rows } = await jobsDatabaseOf(db).db.executeSql(
    `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', start_after = now() WHERE state = 'active' RETURNING id`,
    [],
  );
  return rows.length;
}

/**
 * The app's job queue: pg-boss on the app's own database (PostgreSQL, or the embedded PGlite). A job is a row:
 * enqueued in the caller's transaction it exists only if that commits; a worker claims it with
 * `FOR UPDATE SKIP LOCKED`, so of N instances exactly one runs it; a job whose worker died is retried after it
 * expires; a job that keeps failing is kept as `failed`.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly jobsDb: BossDatabase;
  private readonly retry: RetryPolicy;
  private readonly expireInSeconds: number;
  private readonly pollingIntervalSeconds: number;
  /** Worker ids by queue: a local enqueue wakes its queue's worker. */
  private readonly workers = new Map<string, string>();
  /** Jobs enqueued in a transaction that may not have committed yet: their worker is woken once they show. */
  private readonly uncommitted = new Map<string, { name: string; since: number }>();
  private watching = false;
  /** Runs the commit watch outside the enqueuing transaction's context (see pglite-client.ts). */
  private readonly detached = new AsyncResource('job-queue');
  private started: Promise<void> | null = null;
  private stopped = false;

  constructor(db: Db, opts: JobQueueOptions) {
    this.retry = opts.retry ?? DEFAULT_RETRY;
    this.expireInSeconds = opts.expireInSeconds ?? 300;
    this.pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
    this.jobsDb = jobsDatabaseOf(db).db;
    this.boss = newBoss(db, {
      // The schema was made when the database was readied (readyJobs); start() only checks its version.
      migrate: true,
      supervise: true,
      superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 30,
      schedule: opts.schedules ?? true,
    });
    this.boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      // A database opened before the queues existed (installJobs makes them; this is the belt to its braces).
      for (const name of QUEUE_NAMES)
        if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name);
    })();
    return this.started;
  }

  private jobOptions(opts: EnqueueOptions = {}): SendOptions {
    return {
      retryLimit: this.retry.limit,
      retryDelay: this.retry.delaySeconds,
      retryBackoff: this.retry.backoff,
      ...(this.retry.delayMaxSeconds !== undefined ? { retryDelayMax: this.retry.delayMaxSeconds } : {}),
      expireInSeconds: this.expireInSeconds,
      // A mail job holds an address and a message: a done job is deleted after a day, not pg-boss's default week.
      deleteAfterSeconds: 24 * 3600,
      ...(opts.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter } : {}),
    };
  }

  /** Queues a job; with `within`, as part of that transaction. Resolves to the job's id (null: a singleton waits). */
  async enqueue<T extends object>(
    name: QueueName | string,
    data: T,
    opts: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.start();
    const options = this.jobOptions(opts);
    if (opts.within) options.db = fromDrizzle(opts.within as never, sql as never);
    const id = await this.boss.send(name, data, options);
    if (id && opts.startAfter === undefined) {
      if (opts.within) this.wakeOnCommit(id, name);
      else this.wake(name);
    }
    return id;
  }

  /**
   * Runs `handler` for each job of the queue; a throw is that job's failure (retried), not its batch's. Jobs are
   * fetched up to BATCH at a time and, while fetches come back full, fetched again at once: a burst (a shipment's
   * hundred mails) drains at the handler's pace instead of one job per polling interval (measured: 100 mails over
   * two instances took 90 s with one job per poll).
   */
  async work<T extends object>(name: QueueName | string, handler: JobHandler<T>): Promise<void> {
    await this.start();
    const id = await this.boss.work<T>(
      name,
      {
        pollingIntervalSeconds: this.pollingIntervalSeconds,
        batchSize: BATCH,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs) => {
        const results: JobResult[] = [];
        // One after another: a batch is a fetch's worth, not a promise to the mail server to take five at once.
        for (const job of jobs) {
          // Each job is settled as soon as it is done, not with its batch: a crash later in the batch must not run
          // it again (a mail that went out would go twice). Should that fail, the batch's results settle it.
          const attempt = { id: job.id, retryCount: job.retryCount };
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: this.retry.limit });
            await this.boss.complete(name, attempt).catch(() => {});
            results.push({ id: job.id, status: 'completed' });
          } catch (err) {
            const output = { message: err instanceof Error ? err.message : String(err) };
            await this.boss.fail(name, attempt, output).catch(() => {});
            results.push({ id: job.id, status: 'failed', output });
          }
        }
        return results;
      },
    );
    this.workers.set(name, id);
  }

  /** A cron schedule (UTC) for the queue: each tick sends one job, from one instance whichever ticks first. */
  async schedule(name: QueueName | string, cron: string): Promise<void> {
    await this.start();
    await this.boss.schedule(name, cron, null, this.jobOptions());
  }

  async schedules(): Promise<{ name: string; cron: string }[]> {
    await this.start();
    return (await this.boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron ?? '' }));
  }

  /** The job's state and output (tests, diagnostics). */
  async job(name: string, id: string) {
    await this.start();
    return this.boss.getJobById(name, id);
  }

  private wake(name: string) {
    const worker = this.workers.get(name);
    if (worker && !this.stopped) this.boss.notifyWorker(worker);
  }

  /**
   * The worker is woken once the job can be seen outside its transaction (it committed). Jobs enqueued together
   * are looked for together; one not seen within 10 s was rolled back (the poll would find it anyway).
   */
  private wakeOnCommit(id: string, name: string) {
    this.uncommitted.set(id, { name, since: Date.now() });
    if (this.watching) return;
    this.watching = true;
    this.detached.runInAsyncScope(() => {
      void this.watchCommits().finally(() => {
        this.watching = false;
      });
    });
  }

  private async watchCommits() {
    let pause = 5;
    while (this.uncommitted.size > 0 && !this.stopped) {
      await new Promise((r) => setTimeout(r, pause));
      pause = Math.min(pause * 2, 250);
      const ids = [...this.uncommitted.keys()];
      let seen: string[] = [];
      try {
        const { rows } = await this.jobsDb.executeSql(
          `SELECT id FROM ${JOBS_SCHEMA}.job WHERE id = ANY($1::uuid[])`,
          [ids],
        );
        seen = rows.map((r: { id: string }) => r.id);
      } catch {
        // the poll finds the jobs instead
      }
      const names = new Set<string>();
      for (const id of seen) {
        const entry = this.uncommitted.get(id);
        if (entry) names.add(entry.name);
        this.uncommitted.delete(id);
      }
      for (const [id, entry] of this.uncommitted)
        if (Date.now() - entry.since > 10_000) this.uncommitted.delete(id);
      for (const name of names) this.wake(name);
    }
  }

  /**
   * Waits until every job queued so far and due (not a retry still waiting out its backoff) has finished, waking
   * the workers so nothing waits for a poll. Tests use it instead of sleeping.
   */
  async drain(timeoutMs = 20_000): Promise<void> {
    await this.start();
    const until = Date.now() + timeoutMs;
    const names = [...this.workers.keys()];
    if (names.length === 0) return;
    for (;;) {
      const { rows } = await this.jobsDb.executeSql(
        `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
          WHERE name = ANY($1::text[]) AND state < 'completed' AND start_after <= now() + interval '1 second'`,
        [names],
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      for (const name of names) this.wake(name);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * Graceful: no new work is taken, the jobs in hand finish (for up to `timeoutMs`; what is still running then is
   * failed, so another instance retries it).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) return;
    await this.started.catch(() => {});
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /** Tests: a worker that dies holding its job (claims one job and never finishes it). */
  async claimAndAbandon(name: string): Promise<string | null> {
    await this.start();
    const [job] = await this.boss.fetch(name, { batchSize: 1 });
    return job?.id ?? null;
  }
}
