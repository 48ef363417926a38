import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { emailTokens } from '../db/schema';
import { currentLocale, withLocale } from '../i18n';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/mail-job';
import { brandOf, resetMail, verificationMail } from '../mail/templates';
import { newOpaqueToken, RESET_TTL_MS, VERIFY_TTL_MS } from './tokens';

export type EmailLinkKind = 'verify' | 'reset';

/**
 * Mails a user a one-time link (email verification, password reset): the token is stored and its mail queued in the
 * same transaction `tx`, so a link is never mailed without its token, nor stored without its mail. The mail goes
 * out through the queue, retried; one that fails for good shows on the customer's record for staff.
 */
export async function mailEmailLink(
  deps: { jobs: JobQueue; config: Config },
  tx: Db,
  kind: EmailLinkKind,
  company: CompanyRow,
  user: UserRow,
  origin: string,
): Promise<void> {
  const t = newOpaqueToken();
  await tx.insert(emailTokens).values({
    userId: user.id,
    companyId: user.companyId,
    kind,
    tokenHash: t.hash,
    expiresAt: new Date(Date.now() + (kind === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS)),
  });
  const parts = {
    brand: brandOf(company),
    origin,
    to: user.email,
    firstName: user.firstName,
    token: t.token,
    mailFrom: deps.config.mailFrom,
  };
  await queueMail(deps.jobs, tx, {
    // In the language they chose, else the request's (which falls back to the company's default).
    message: withLocale(user.locale ?? currentLocale(), () =>
      kind === 'verify' ? verificationMail(parts) : resetMail(parts),
    ),
    about: [{ entity: 'user', id: user.id }],
  });
}
