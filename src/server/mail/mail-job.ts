import { FileMissing, type FileStore } from '../files/file-store';
import type { JobInfo } from '../jobs/queue';
import type { Mailer, MailMessage } from './mailer';

/** A stored file to attach, by its storage key: the job carries the key, never the bytes. */
export type StoredAttachment = { filename: string; contentType: string; storageKey: string };

/** The `mail` job's payload: everything the mail needs, built when it was queued. */
export type MailJob = { message: Omit<MailMessage, 'attachments'>; attachments?: StoredAttachment[] };

type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Sends one queued mail. A failure throws, so the queue retries it with backoff; the last failure is logged with
 * the recipient and subject (and the queue keeps the job as failed).
 */
export function mailJobHandler(deps: { mailer: Mailer; store: FileStore; log: Log }) {
  return async (job: MailJob, info: JobInfo): Promise<void> => {
    const { message } = job;
    try {
      const opened = job.attachments
        ? await Promise.all(
            job.attachments.map(async (a) => {
              try {
                return {
                  filename: a.filename,
                  contentType: a.contentType,
                  content: await deps.store.open(a.storageKey),
                };
              } catch (err) {
                // The file was removed since (a receipt deleted): the mail still goes, without it.
                if (err instanceof FileMissing) return null;
                throw err;
              }
            }),
          )
        : undefined;
      const attachments = opened?.filter((a) => a !== null);
      await deps.mailer.send({ ...message, ...(attachments ? { attachments } : {}) });
    } catch (err) {
      const final = info.retryCount >= info.retryLimit;
      const fields = {
        err,
        to: message.to,
        subject: message.subject,
        job: info.id,
        attempt: info.retryCount + 1,
      };
      if (final) deps.log.error(fields, 'mail failed for good: kept as a failed job');
      else deps.log.warn(fields, 'mail failed: it will be retried');
      throw err;
    }
  };
}
