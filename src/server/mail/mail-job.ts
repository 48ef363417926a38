import type { AuditEntity } from '../../contract/audit';
import type { Db } from '../db';
import { FileMissing, type FileStore } from '../files/file-store';
import type { JobInfo, JobQueue } from '../jobs/queue';
import type { MailAttachment, Mailer, MailMessage } from './mailer';

/** A stored file to attach, by its storage key: the job carries the key, never the bytes. */
export type StoredAttachment = { filename: string; contentType: string; storageKey: string };
/** A file drawn when the mail goes out: an invoice's PDF (the invoice as it is then), by the invoice's id. */
export type DrawnAttachment = { filename: string; contentType: string; invoicePdf: string };
export type JobAttachment = StoredAttachment | DrawnAttachment;

/** A record a mail concerns: a mail that fails for good is written in its history, where staff see it. */
export type MailAbout = { entity: AuditEntity; id: string };

/** The `mail` job's payload: everything the mail needs, built in the transaction of the change that causes it. */
export type MailJob = {
  message: Omit<MailMessage, 'attachments'>;
  attachments?: JobAttachment[];
  about?: MailAbout[];
  /**
   * An invoice's explicit send: the invoice says it was sent only once this mail went, or why it failed for good.
   * `by` is the staff member who sent it; `queuedAt` (ISO) keeps an older send's failure from hiding a newer success.
   */
  invoiceSend?: { invoiceId: string; by: string | null; queuedAt: string };
};

/** What a mail's outcome does besides the mail: draws its generated files, and writes what became of it. */
export type MailHooks = {
  draw: (attachment: DrawnAttachment, job: MailJob) => Promise<Buffer>;
  sent: (job: MailJob) => Promise<void>;
  failedForGood: (job: MailJob, reason: string) => Promise<void>;
};

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Queues a mail in `within`, the transaction of the change that causes it: the mail exists if and only if the change
 * commits. The only way mail is sent (the job's handler below sends it, with retries).
 */
export function queueMail(jobs: JobQueue, within: Db, job: MailJob): Promise<string | null> {
  return jobs.enqueue('mail', job, { within });
}

/**
 * Sends one queued mail. A failure throws, so the queue retries it with backoff; the last failure is logged with
 * the recipient and subject, written on the records the mail concerns (hooks), and the queue keeps the job as failed.
 */
export function mailJobHandler(deps: { mailer: Mailer; store: FileStore; log: Log; hooks?: MailHooks }) {
  async function open(a: JobAttachment, job: MailJob): Promise<MailAttachment | null> {
    const { filename, contentType } = a;
    if ('invoicePdf' in a) {
      if (!deps.hooks) throw new Error(`nothing draws ${filename}`);
      return { filename, contentType, content: await deps.hooks.draw(a, job) };
    }
    try {
      return { filename, contentType, content: await deps.store.open(a.storageKey) };
    } catch (err) {
      // The file was removed since (a receipt deleted): the mail still goes, without it.
      if (err instanceof FileMissing) return null;
      throw err;
    }
  }

  return async (job: MailJob, info: JobInfo): Promise<void> => {
    const { message } = job;
    const fields = { to: message.to, subject: message.subject, job: info.id, attempt: info.retryCount + 1 };
    try {
      const opened = job.attachments
        ? await Promise.all(job.attachments.map((a) => open(a, job)))
        : undefined;
      const attachments = opened?.filter((a) => a !== null);
      await deps.mailer.send({ ...message, ...(attachments ? { attachments } : {}) });
    } catch (err) {
      const final = info.retryCount >= info.retryLimit;
      if (!final) {
        deps.log.warn({ err, ...fields }, 'mail failed: it will be retried');
        throw err;
      }
      deps.log.error({ err, ...fields }, 'mail failed for good: kept as a failed job');
      const reason = err instanceof Error ? err.message : String(err);
      await deps.hooks
        ?.failedForGood(job, reason)
        .catch((e: unknown) =>
          deps.log.error({ err: e, ...fields }, 'the failed mail could not be recorded'),
        );
      throw err;
    }
    // The mail went: a failure to record it is logged, not thrown (a retry would send the mail a second time).
    await deps.hooks
      ?.sent(job)
      .catch((e: unknown) => deps.log.error({ err: e, ...fields }, 'the sent mail could not be recorded'));
  };
}
