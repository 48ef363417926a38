import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { MailJob } from './mail-job';

/**
 * A mail that failed for good, written in the history of each record it concerns ("Mail to x@y failed: <reason>"),
 * by the system, so staff see it on the customer, package or invoice and can act (fix the address, call them).
 */
export async function recordMailFailure(
  deps: { db: Db; audit: AuditService },
  job: MailJob,
  reason: string,
): Promise<void> {
  const about = job.about ?? [];
  if (about.length === 0) return;
  const { to, subject, companyId } = job.message;
  await deps.db.transaction(async (tx) =>
    deps.audit.record(
      tx as unknown as Db,
      { id: companyId },
      null,
      about.map((a) => ({
        entity: a.entity,
        entityId: a.id,
        action: 'mail_failed',
        changes: { subject: [null, subject] },
        note: `Mail to ${to} failed: ${reason}`.slice(0, 500),
      })),
    ),
  );
}
