import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../app-jobs';
import type { Db } from '../db';
import { companies, invoices, users } from '../db/schema';
import { type MailJob, mailJobHandler } from '../mail/mail-job';
import type { Mailer } from '../mail/mailer';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { mailbox } from '../test/helpers';
import { JobQueue, type JobQueueOptions, retryAbandonedJobs } from './queue';

const FAST = { limit: 2, delaySeconds: 0, backoff: false } as const;

function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
  };
}

/** A mailer that counts what it was given, by recipient (or fails every time). */
function countingMailer(fail = false) {
  const sent = new Map<string, number>();
  let attempts = 0;
  const mailer: Mailer = {
    mode: 'local',
    send: async (msg) => {
      attempts += 1;
      if (fail) throw new Error('mail server down');
      sent.set(msg.to, (sent.get(msg.to) ?? 0) + 1);
    },
    list: async () => [],
    attachment: async () => null,
    close: () => {},
  };
  return { mailer, sent, attempts: () => attempts };
}

const message = (to: string): MailJob['message'] => ({
  companyId: '00000000-0000-0000-0000-000000000000',
  to,
  subject: `Hello ${to}`,
  text: 'hello',
  html: '<p>hello</p>',
  links: [],
  from: 'portal@example.test',
});

describe('the job queue', () => {
  let t: TestApp;
  const extra: { close: () => Promise<void> }[] = [];

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    for (const e of extra.splice(0).reverse()) await e.close();
    await t.close();
  });

  /** Another instance's queue on the same database: on PostgreSQL through its own connections. */
  function otherInstance(opts: Partial<JobQueueOptions> & { mailer: Mailer }): JobQueue {
    let db: Db = t.database.db;
    const client = (db as unknown as { $client: unknown }).$client;
    let pool: pg.Pool | null = null;
    if (client instanceof pg.Pool) {
      pool = new pg.Pool({ connectionString: client.options.connectionString, max: 3 });
      // Dropping the test's database ends whatever connection this instance still holds (57P01); without a listener
      // the pool's 'error' event is an unhandled error that fails the run after every test passed.
      pool.on('error', () => {});
      db = drizzle(pool) as unknown as Db;
    }
    const queue = new JobQueue(db, { log: recordingLog(), pollingIntervalSeconds: 0.5, ...opts });
    extra.push({
      close: async () => {
        await queue.stop(1000);
        await pool?.end();
      },
    });
    return queue;
  }

  async function demoCustomer() {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO.customer.email));
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, user?.companyId ?? ''));
    if (!user || !company) throw new Error('demo customer missing');
    return { user, company };
  }

  it('mails a notification only if the change that queued it commits, and then once', async () => {
    const { user, company } = await demoCustomer();
    const note = (title: string) => ({ kind: 'system' as const, title, body: title, link: '/user' });
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.notifications.notify(company, user.id, note('Rolled back'), {
          origin: 'http://localhost',
          mail: 'always',
          within: tx as unknown as Db,
        });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await t.database.db.transaction(async (tx) => {
      await t.app.services.notifications.notify(company, user.id, note('Committed'), {
        origin: 'http://localhost',
        mail: 'always',
        within: tx as unknown as Db,
      });
    });
    await t.app.services.notifications.drain();
    const mails = (await mailbox(t)).filter((m) => m.to === user.email);
    expect(mails.map((m) => m.subject).filter((s) => /Rolled back|Committed/.test(s))).toEqual([
      expect.stringContaining('Committed'),
    ]);
  });

  it('wakes the local worker once the transaction commits (no wait for a poll)', async () => {
    const { user, company } = await demoCustomer();
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      await t.app.services.notifications.notify(
        company,
        user.id,
        { kind: 'system', title: 'Quick', body: 'Quick', link: '/user' },
        { origin: 'http://localhost', mail: 'always', within: tx as unknown as Db },
      );
    });
    for (;;) {
      if ((await mailbox(t)).some((m) => m.to === user.email && m.subject.includes('Quick'))) break;
      if (Date.now() - started > 1500) throw new Error('the mail waited for a poll (2 s)');
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it('retries a failing mail, then keeps it as failed and logs the recipient and subject', async () => {
    await t.app.services.jobs.stop();
    const failing = countingMailer(true);
    const log = recordingLog();
    const queue = otherInstance({ mailer: failing.mailer, retry: FAST, log });
    await queue.work<MailJob>(
      'mail',
      mailJobHandler({ mailer: failing.mailer, store: t.app.services.fileStore, log }),
    );
    const id = await queue.enqueue('mail', { message: message('failing@example.test') });
    await queue.drain();
    expect(failing.attempts()).toBe(FAST.limit + 1);
    expect((await queue.job('mail', id ?? ''))?.state).toBe('failed');
    const final = log.lines.filter((l) => l.level === 'error');
    expect(final).toHaveLength(1);
    expect(final[0]?.obj).toMatchObject({
      to: 'failing@example.test',
      subject: 'Hello failing@example.test',
    });
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(FAST.limit);
  });

  it('sends each of 100 mails exactly once with two instances working the queue', async () => {
    await t.app.services.jobs.stop();
    const counting = countingMailer();
    const a = otherInstance({ mailer: counting.mailer });
    const b = otherInstance({ mailer: counting.mailer });
    const by = { a: 0, b: 0 };
    const handler = (who: 'a' | 'b') => {
      const send = mailJobHandler({
        mailer: counting.mailer,
        store: t.app.services.fileStore,
        log: recordingLog(),
      });
      return async (job: MailJob, info: Parameters<typeof send>[1]) => {
        by[who] += 1;
        await send(job, info);
      };
    };
    await a.work<MailJob>('mail', handler('a'));
    await b.work<MailJob>('mail', handler('b'));
    const recipients = Array.from({ length: 100 }, (_, i) => `r${i}@example.test`);
    await Promise.all(recipients.map((to, i) => (i % 2 ? a : b).enqueue('mail', { message: message(to) })));
    await Promise.all([a.drain(), b.drain()]);
    expect(counting.sent.size).toBe(100);
    expect([...counting.sent.values()].every((n) => n === 1)).toBe(true);
    expect(by.a + by.b).toBe(100);
    // Both took a share (each wakes on its own enqueues).
    expect(by.a).toBeGreaterThan(0);
    expect(by.b).toBeGreaterThan(0);
  });

  it('runs a job whose worker died holding it on the other instance, once it expires', async () => {
    await t.app.services.jobs.stop();
    const counting = countingMailer();
    // The instance that dies: its jobs expire after 1 s without an answer.
    const dying = otherInstance({ mailer: counting.mailer, retry: FAST, expireInSeconds: 1 });
    const survivor = otherInstance({ mailer: counting.mailer, superviseIntervalSeconds: 1 });
    const id = await dying.enqueue('mail', { message: message('orphaned@example.test') });
    expect(await dying.claimAndAbandon('mail')).toBe(id);
    expect((await survivor.job('mail', id ?? ''))?.state).toBe('active');
    await survivor.work<MailJob>(
      'mail',
      mailJobHandler({ mailer: counting.mailer, store: t.app.services.fileStore, log: recordingLog() }),
    );
    await survivor.drain(15_000);
    expect(counting.sent.get('orphaned@example.test')).toBe(1);
    const job = await survivor.job('mail', id ?? '');
    expect(job?.state).toBe('completed');
    expect(job?.retryCount).toBe(1);
  });

  it('runs a job the embedded server was running when it died as soon as the database opens again', async () => {
    await t.app.services.jobs.stop();
    const counting = countingMailer();
    const dead = otherInstance({ mailer: counting.mailer });
    const id = await dead.enqueue('mail', { message: message('cut-off@example.test') });
    expect(await dead.claimAndAbandon('mail')).toBe(id);
    // What opening the embedded folder does (its lock says the holder is gone): no wait for the 5-minute expiry.
    expect(await retryAbandonedJobs(t.database.db)).toBe(1);
    const next = otherInstance({ mailer: counting.mailer });
    await next.work<MailJob>(
      'mail',
      mailJobHandler({ mailer: counting.mailer, store: t.app.services.fileStore, log: recordingLog() }),
    );
    await next.drain(5_000);
    expect(counting.sent.get('cut-off@example.test')).toBe(1);
    // The attempt cut off counts as one.
    expect((await next.job('mail', id ?? ''))?.retryCount).toBe(1);
  });

  it('has the schedules after start, and the overdue job marks a past-due invoice overdue', async () => {
    const schedules = await t.app.services.jobs.schedules();
    for (const [name, cron] of Object.entries(SCHEDULES)) expect(schedules).toContainEqual({ name, cron });
    const { user, company } = await demoCustomer();
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        companyId: company.id,
        userId: user.id,
        number: 'TEST-OVERDUE-1',
        status: 'issued',
        issuedAt: new Date('2020-01-01T00:00:00Z'),
        dueAt: '2020-01-31',
      })
      .returning();
    await t.app.services.jobs.enqueue('overdue-invoices', {});
    await t.app.services.jobs.drain();
    const [after] = await t.database.db
      .select({ status: invoices.status })
      .from(invoices)
      .where(and(eq(invoices.id, invoice?.id ?? ''), eq(invoices.companyId, company.id)));
    expect(after?.status).toBe('overdue');
  });
});
