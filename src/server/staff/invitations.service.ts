import { msg } from '@lingui/core/runtime-macro';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  type AcceptInvitationBody,
  acceptInvitationBodySchema,
  INVITATION_TTL_DAYS,
  type InvitationInfo,
  type StaffRole,
} from '../../contract/staff';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { hashPassword, passwordWeakness, verifyPassword } from '../auth/passwords';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { nextMailboxNumber } from '../companies/mailbox-numbers';
import type { Config } from '../config';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { type StaffInvitationRow, staffInvitations, users } from '../db/schema';
import { wrote } from '../db/writes';
import { ApiError, conflict, fieldError, notFound } from '../errors';
import { withLocale } from '../i18n';
import { recipientLocale } from '../i18n/recipient';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/mail-job';
import { brandOf } from '../mail/templates';
import { invitationMail } from './invitation-mail';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3600_000;

/** What `invite` needs: the company, the address and role, who invites, and the origin of the company's host. */
export type InviteInput = {
  company: CompanyRow;
  email: string;
  role: StaffRole;
  /** The inviting user (an admin of the company, or the platform operator of another company); null: the system. */
  invitedBy: Pick<UserRow, 'id' | 'companyId'> | null;
  /** `http(s)://host[:port]` of one of the company's hosts: the link leads there (see http/origin.ts). */
  origin: string;
};

const gone = (message: string) => new ApiError(410, message);
const unknownLink = () => notFound(msg`This invitation link is not valid. Ask for a new invitation.`);

/** Why an invitation can no longer be used, or null when it can. */
function closedReason(row: StaffInvitationRow, now = new Date()): ApiError | null {
  if (row.acceptedAt) return gone('This invitation was already used. Sign in with your e-mail and password.');
  if (row.revokedAt) return gone('This invitation was withdrawn. Ask the company for a new one.');
  if (row.expiresAt <= now) return gone('This invitation has expired. Ask the company to send it again.');
  return null;
}

/**
 * Invitations to a company's staff: made in the caller's transaction (an admin's, or the platform console's when it
 * creates a company), mailed with a single-use link through the mail queue, accepted on the public invitation page.
 * Only a token's hash is stored; every step is audited on the invitation.
 */
export function createInvitationService(deps: {
  db: Db;
  jobs: JobQueue;
  config: Config;
  audit: AuditService;
  auth: Pick<AuthService, 'issueTokens'>;
}) {
  const { db, jobs, config, audit, auth } = deps;

  /** A fresh token on the invitation's mail, queued in `tx`. */
  async function mailLink(
    tx: Db,
    company: CompanyRow,
    row: StaffInvitationRow,
    token: string,
    origin: string,
  ) {
    // The invitee has no account yet: the company's default language.
    const locale = await recipientLocale(tx, { companyId: company.id, locale: null });
    const message = withLocale(locale, () =>
      invitationMail({
        brand: brandOf(company),
        origin,
        to: row.email,
        role: row.role,
        token,
        mailFrom: config.mailFrom,
      }),
    );
    await queueMail(jobs, tx, { message, about: [{ entity: 'staff_invitation', id: row.id }] });
  }

  /**
   * Invites `email` to the company's staff, in the caller's transaction `tx`: the invitation, its audit entry and its
   * mail commit together or not at all. Refused (409, field `email`) when the address is already staff of the
   * company or has an invitation still open; an expired one is withdrawn and replaced. A customer's address may be
   * invited: accepting promotes that account once its current password is given.
   */
  async function invite(tx: Db, input: InviteInput): Promise<StaffInvitationRow> {
    const { company, role, invitedBy, origin } = input;
    const email = input.email.trim().toLowerCase();
    const existing = await tx.query.users.findFirst({
      where: and(eq(users.companyId, company.id), eq(users.email, email)),
    });
    if (existing && isStaff(existing)) {
      throw conflict(msg`This person is already on the staff`, {
        email: [
          existing.isActive
            ? 'This address is already on the staff'
            : 'This address belongs to deactivated staff: reactivate them instead',
        ],
      });
    }
    const now = new Date();
    // An expired invitation still holds the address (one open invitation per address): withdraw it first.
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffInvitations.companyId, company.id),
          eq(staffInvitations.email, email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          lte(staffInvitations.expiresAt, now),
        ),
      );
    const t = newOpaqueToken();
    let row: StaffInvitationRow | undefined;
    try {
      // A savepoint: a refused insert must not abort the caller's transaction.
      [row] = await tx.transaction((sp) =>
        sp
          .insert(staffInvitations)
          .values({
            companyId: company.id,
            email,
            role,
            tokenHash: t.hash,
            // The operator of the platform belongs to another company: named in the audit entry only.
            invitedBy: invitedBy && invitedBy.companyId === company.id ? invitedBy.id : null,
            expiresAt: new Date(now.getTime() + TTL_MS),
            lastSentAt: now,
          })
          .returning(),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict(msg`This address already has a pending invitation`, {
        email: ['This address already has a pending invitation: resend it from the list'],
      });
    }
    if (!row) throw new Error('insert returned no row');
    await audit.record(tx, company, invitedBy, {
      entity: 'staff_invitation',
      entityId: row.id,
      action: 'invited',
      changes: { email: [null, email], role: [null, role] },
    });
    await mailLink(tx, company, row, t.token, origin);
    return row;
  }

  /** The company's invitation `id`, locked, if it is still open (neither used nor withdrawn). */
  async function openInvitation(tx: Db, company: CompanyRow, id: string): Promise<StaffInvitationRow> {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.id, id), eq(staffInvitations.companyId, company.id)))
      .limit(1)
      .for('update');
    if (!row) throw notFound(msg`Invitation not found`);
    if (row.acceptedAt) throw conflict(msg`This invitation was already accepted`);
    if (row.revokedAt) throw conflict(msg`This invitation was withdrawn`);
    return row;
  }

  /** Runs `work` in a transaction of its own (drizzle types its transaction apart from the database). */
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Db));

  return {
    invite,

    /** An admin's invitation (their own transaction). */
    inviteAsAdmin(company: CompanyRow, admin: UserRow, email: string, role: StaffRole, origin: string) {
      return inTransaction((tx) => invite(tx, { company, email, role, invitedBy: admin, origin }));
    },

    /** A new link (valid from now), the old one dead; audited. Works on an expired invitation too. */
    resend(company: CompanyRow, admin: UserRow, id: string, origin: string) {
      return inTransaction(async (tx) => {
        const before = await openInvitation(tx, company, id);
        const t = newOpaqueToken();
        const now = new Date();
        const [row] = await tx
          .update(staffInvitations)
          .set({ tokenHash: t.hash, expiresAt: new Date(now.getTime() + TTL_MS), lastSentAt: now })
          .where(eq(staffInvitations.id, before.id))
          .returning();
        if (!row) throw notFound(msg`Invitation not found`);
        await audit.record(tx, company, admin, {
          entity: 'staff_invitation',
          entityId: row.id,
          action: 'resent',
          changes: { expires_at: [before.expiresAt.toISOString(), row.expiresAt.toISOString()] },
        });
        await mailLink(tx, company, row, t.token, origin);
        return row;
      });
    },

    /** Withdraws an open invitation: its link stops working. */
    revoke(company: CompanyRow, admin: UserRow, id: string) {
      return inTransaction(async (tx) => {
        const before = await openInvitation(tx, company, id);
        await tx
          .update(staffInvitations)
          .set({ revokedAt: new Date() })
          .where(eq(staffInvitations.id, before.id));
        await audit.record(tx, company, admin, {
          entity: 'staff_invitation',
          entityId: before.id,
          action: 'revoked',
          changes: { status: ['pending', 'revoked'] },
        });
      });
    },

    /** What a link is, for the invitation page; an unusable link says why (404 unknown, 410 used/withdrawn/expired). */
    async describe(company: CompanyRow, token: string): Promise<InvitationInfo> {
      const row = await db.query.staffInvitations.findFirst({
        where: and(
          eq(staffInvitations.tokenHash, hashToken(token)),
          eq(staffInvitations.companyId, company.id),
        ),
      });
      if (!row) throw unknownLink();
      const closed = closedReason(row);
      if (closed) throw closed;
      const account = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, row.email)),
        columns: { id: true },
      });
      return {
        company_name: company.name,
        email: row.email,
        role: row.role,
        expires_at: row.expiresAt.toISOString(),
        existing_account: account !== undefined,
      };
    },

    /**
     * Accepts an invitation, in one transaction: the account is made (or a customer's promoted, after their current
     * password), the invitation spent, both audited, and a session opened, whose tokens are returned. The password
     * work (a slow KDF) is done before the transaction, which then re-checks what it relied on under locks.
     */
    async accept(company: CompanyRow, input: AcceptInvitationBody) {
      const body = acceptInvitationBodySchema.parse(input);
      const tokenHash = hashToken(body.token);
      const seen = await db.query.staffInvitations.findFirst({
        where: and(eq(staffInvitations.tokenHash, tokenHash), eq(staffInvitations.companyId, company.id)),
      });
      if (!seen) throw unknownLink();
      const closed = closedReason(seen);
      if (closed) throw closed;
      const account = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, seen.email)),
      });
      const fresh = account ? null : await newAccount(seen, body);
      if (account) await checkPromotion(account, body.password);
      const outcome = await inTransaction(async (tx) => {
        // Locked: two tabs accepting at once cannot both spend it.
        const [inv] = await tx
          .select()
          .from(staffInvitations)
          .where(eq(staffInvitations.id, seen.id))
          .limit(1)
          .for('update');
        if (!inv || inv.tokenHash !== tokenHash) throw unknownLink();
        const closedNow = closedReason(inv);
        if (closedNow) throw closedNow;
        const user = account
          ? await promote(tx, account, inv)
          : await create(tx, company, inv, fresh ?? (await newAccount(inv, body)));
        await tx
          .update(staffInvitations)
          .set({ acceptedAt: new Date() })
          .where(eq(staffInvitations.id, inv.id));
        await audit.record(tx, company, user, [
          {
            entity: 'staff_invitation',
            entityId: inv.id,
            action: 'accepted',
            changes: { status: ['pending', 'accepted'] },
          },
          {
            entity: 'user',
            entityId: user.id,
            action: account ? 'joined the staff' : 'created from an invitation',
            changes: { role: [account?.role ?? null, user.role] },
          },
        ]);
        return { user, tokens: await auth.issueTokens(user, undefined, tx) };
      });
      wrote(db, 'users'); // committed: a cached copy of this user (role) is stale
      return outcome;
    },
  };

  /** A customer of the company may join the staff only with their current password (the link alone is not enough). */
  async function checkPromotion(u: UserRow, password: string) {
    if (isStaff(u)) throw conflict(msg`This account is already on the staff. Sign in instead.`);
    if (!u.isActive) throw conflict(msg`This account is deactivated. Ask the company to reactivate it.`);
    if (!(await verifyPassword(password, u.passwordHash))) {
      throw fieldError('password', msg`Enter the current password of your account with this e-mail`);
    }
  }

  async function promote(tx: Db, u: UserRow, inv: StaffInvitationRow): Promise<UserRow> {
    // Only if the account is still the customer the password was checked against.
    const [row] = await tx
      .update(users)
      .set({
        role: inv.role,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(users.id, u.id),
          eq(users.role, 'customer'),
          eq(users.isActive, true),
          eq(users.passwordHash, u.passwordHash),
        ),
      )
      .returning();
    if (!row) throw conflict(msg`Your account changed meanwhile; open the invitation again`);
    return row;
  }

  /** The new account's names and password hash, checked as sign-up checks them. */
  async function newAccount(
    inv: StaffInvitationRow,
    body: { first_name?: string | undefined; last_name?: string | undefined; password: string },
  ) {
    if (!body.first_name) throw fieldError('first_name', msg`Enter your first name`);
    if (!body.last_name) throw fieldError('last_name', msg`Enter your last name`);
    const weak = passwordWeakness(body.password, inv.email);
    if (weak) throw fieldError('password', weak);
    const passwordHash = await hashPassword(body.password, config.scryptLogN);
    return { firstName: body.first_name, lastName: body.last_name, passwordHash };
  }

  /** A new staff account: the e-mail is verified (the link proves it), a mailbox number as every user has. */
  async function create(
    tx: Db,
    company: CompanyRow,
    inv: StaffInvitationRow,
    account: { firstName: string; lastName: string; passwordHash: string },
  ): Promise<UserRow> {
    const mailboxNumber = await nextMailboxNumber(tx, company.id);
    try {
      // A savepoint: an account made meanwhile with this address (a sign-up) is a clear 409, not a 500.
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(users)
          .values({
            companyId: company.id,
            email: inv.email,
            ...account,
            mailboxNumber,
            role: inv.role,
            emailVerifiedAt: new Date(),
          })
          .returning(),
      );
      if (!row) throw new Error('insert returned no row');
      return row;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      throw conflict(msg`An account with this e-mail was made meanwhile; open the invitation again`);
    }
  }
}

export type InvitationService = ReturnType<typeof createInvitationService>;
