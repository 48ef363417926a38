import type { AuditService } from './audit/audit.service';
import type { Config } from './config';
import type { Db } from './db';
import type { FileStore } from './files/file-store';
import { sweepOrphanFiles } from './files/orphan-files';
import type { InvoiceSends } from './invoices/invoice-send';
import type { JobQueue } from './jobs/queue';
import { recordMailFailure } from './mail/mail-failures';
import { type MailHooks, type MailJob, mailJobHandler } from './mail/mail-job';
import type { Mailer } from './mail/mailer';
import type { PushJob } from './push/push.service';
import { pushJobHandler } from './push/push-send';
import type { Vapid } from './push/vapid';

type Log = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** When the scheduled jobs run (cron, UTC). */
export const SCHEDULES = {
  /** Bytes without a row, older than an hour (see orphan-files.ts). */
  'orphan-files': '17 * * * *',
  /** Open invoices past due become overdue in every company. */
  'overdue-invoices': '*/15 * * * *',
  /** Parcels whose free storage ends soon or today: hourly, so "today" reaches them early in any zone. */
  'storage-reminders': '41 * * * *',
  /** Online payments left pending are asked about, then flagged (payments.service.ts recheck). */
  'payment-recheck': '* * * * *',
} as const;

/**
 * The app's workers and schedules, on this instance's queue. Wiring, beside capabilities.ts: it hands the
 * capabilities' work (mail, invoices, files) to the queue, which those capabilities themselves use to enqueue, so it
 * lives above both rather than in jobs/.
 */
export async function startAppJobs(deps: {
  jobs: JobQueue;
  db: Db;
  mailer: Mailer;
  store: FileStore;
  audit: AuditService;
  invoiceSends: InvoiceSends;
  refreshOverdue: (companyId: null) => Promise<number>;
  sendStorageReminders: () => Promise<number>;
  recheckPayments: () => Promise<{ checked: number; recorded: number; flagged: number; cancelled: number }>;
  config: Config;
  vapid: Vapid;
  log: Log;
}): Promise<void> {
  const { jobs, log, invoiceSends } = deps;
  // An invoice's own send reports to the invoice; any other mail that fails for good, to the records it concerns.
  const hooks: MailHooks = {
    draw: (a, job) => invoiceSends.draw(job.message.companyId, a.invoicePdf),
    sent: (job) => invoiceSends.sent(job),
    failedForGood: (job, reason) =>
      job.invoiceSend ? invoiceSends.failed(job, reason) : recordMailFailure(deps, job, reason),
  };
  await jobs.work<MailJob>('mail', mailJobHandler({ mailer: deps.mailer, store: deps.store, log, hooks }));
  await jobs.work<PushJob>(
    'push',
    pushJobHandler({ db: deps.db, config: deps.config, vapid: deps.vapid, log }),
  );
  await jobs.work('orphan-files', async () => {
    const r = await sweepOrphanFiles(deps.db, deps.store);
    if (r.staged + r.stored > 0) log.info(r, 'orphan files removed');
  });
  await jobs.work('overdue-invoices', async () => {
    const changed = await deps.refreshOverdue(null);
    if (changed > 0) log.info({ changed }, 'invoices now overdue');
  });
  await jobs.work('storage-reminders', async () => {
    const sent = await deps.sendStorageReminders();
    if (sent > 0) log.info({ sent }, 'storage reminders sent');
  });
  await jobs.work('payment-recheck', async () => {
    const r = await deps.recheckPayments();
    if (r.checked > 0) log.info(r, 'pending online payments re-checked');
  });
  for (const [name, cron] of Object.entries(SCHEDULES)) await jobs.schedule(name, cron);
}
