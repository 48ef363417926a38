import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type LoginBody, type RegisterBody, registerBodySchema, type Tokens } from '../../contract/auth';
import { nextMailboxNumber } from '../companies/mailbox-numbers';
import type { Config } from '../config';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { emailTokens, parishes, refreshTokens, users } from '../db/schema';
import { wrote } from '../db/writes';
import { ApiError, badRequest, fieldError, notFound, unauthorized } from '../errors';
import { currentLocale, withLocale } from '../i18n';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/mail-job';
import { accountExistsMail, brandOf } from '../mail/templates';
import { toUser } from '../presenters';
import { deviceThrottleKey } from './device-cookie';
import { type EmailLinkKind, mailEmailLink } from './email-links';
import type { LoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, passwordWeakness, verifyPassword } from './passwords';
import { openSuccessor, sealSuccessor } from './sealed-successor';
import {
  hashToken,
  newOpaqueToken,
  REFRESH_GRACE_MS,
  REFRESH_TTL_MS,
  RESEND_COOLDOWN_MS,
  type TokenSigner,
} from './tokens';

const expired = () => unauthorized(msg`Your session has expired; sign in again`);

export function createAuthService(deps: {
  db: Db;
  signer: TokenSigner;
  jobs: JobQueue;
  config: Config;
  throttle: LoginThrottle;
}) {
  const { db, signer, jobs, config, throttle } = deps;

  /** A one-time link's token and mail, in the caller's transaction `tx` (see email-links.ts). */
  const mailLink = (tx: Db, kind: EmailLinkKind, company: CompanyRow, user: UserRow, origin: string) =>
    mailEmailLink({ jobs, config }, tx, kind, company, user, origin);

  /** Runs `work` in a transaction of its own (drizzle types its transaction apart from the database). */
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction((tx) => work(tx as unknown as Db));

  async function storeRefresh(tx: Db, user: UserRow, familyId: string, refresh: { hash: string }) {
    await tx.insert(refreshTokens).values({
      userId: user.id,
      companyId: user.companyId,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    });
  }

  /** A new session; `tx` stores it in the caller's transaction (an accepted invitation signs in with its change). */
  async function issueTokens(user: UserRow, familyId: string = randomUUID(), tx: Db = db): Promise<Tokens> {
    const refresh = newOpaqueToken();
    await storeRefresh(tx, user, familyId, refresh);
    return withAccess(user, refresh.token);
  }

  async function withAccess(user: UserRow, refreshToken: string): Promise<Tokens> {
    const access = await signer.sign({
      sub: user.id,
      cid: user.companyId,
      role: user.role,
      ver: user.emailVerifiedAt !== null,
      ...(user.isSuperadmin ? { sa: true } : {}),
    });
    return {
      access_token: access,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: signer.ttlSeconds,
      user: toUser(user),
    };
  }

  /** Consumes a single-use email token, atomically: two concurrent uses cannot both succeed. */
  async function consumeEmailToken(company: CompanyRow, token: string, kind: 'verify' | 'reset') {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.companyId, company.id),
          eq(emailTokens.kind, kind),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** A new verification link, at most one a minute; `also` adds to its transaction (staff's audit entry). */
  async function resendVerification(
    company: CompanyRow,
    user: UserRow,
    origin: string,
    also?: (tx: Db) => Promise<void>,
  ): Promise<'sent' | 'verified'> {
    if (user.emailVerifiedAt) return 'verified';
    const [last] = await db
      .select({ createdAt: emailTokens.createdAt })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, 'verify')))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1);
    const wait = last ? RESEND_COOLDOWN_MS - (Date.now() - last.createdAt.getTime()) : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new ApiError(429, `Please wait ${seconds} s before asking for another email`, undefined, {
        'retry-after': String(seconds),
      });
    }
    await inTransaction(async (tx) => {
      await mailLink(tx, 'verify', company, user, origin);
      await also?.(tx);
    });
    return 'sent';
  }

  return {
    issueTokens,
    mailLink,

    /**
     * Creates the account and queues its verification mail in the same transaction. The reply is the same whether or
     * not the email already has an account (then its owner's "already exists" mail is queued instead, and nothing is
     * created), and so is the work before it (the password is hashed either way, one transaction queues the mail;
     * it goes out after the reply), so sign-up tells a stranger nothing.
     */
    async register(company: CompanyRow, input: RegisterBody, origin: string): Promise<void> {
      const body = registerBodySchema.parse(input);
      const weak = passwordWeakness(body.password, body.email);
      if (weak) throw fieldError('password', weak);
      const parish = await db.query.parishes.findFirst({ where: eq(parishes.id, body.parish_id) });
      if (!parish) throw fieldError('parish_id', msg`Choose a parish from the list`);
      const passwordHash = await hashPassword(body.password, config.scryptLogN);
      const taken = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, body.email)),
      });
      const tellOwner = (owner: UserRow) =>
        inTransaction(async (tx) => {
          const message = withLocale(owner.locale ?? currentLocale(), () =>
            accountExistsMail({
              brand: brandOf(company),
              origin,
              to: owner.email,
              firstName: owner.firstName,
              mailFrom: config.mailFrom,
            }),
          );
          await queueMail(jobs, tx, { message, about: [{ entity: 'user', id: owner.id }] });
        });
      if (taken) return tellOwner(taken);
      try {
        await inTransaction(async (tx) => {
          const mailboxNumber = await nextMailboxNumber(tx, company.id);
          const [row] = await tx
            .insert(users)
            .values({
              companyId: company.id,
              email: body.email,
              passwordHash,
              firstName: body.first_name,
              lastName: body.last_name,
              phone: body.phone,
              address: body.address,
              parishId: body.parish_id,
              trn: body.trn ?? null,
              mailboxNumber,
              role: 'customer',
              // The language they signed up in: their mails and notices are written in it.
              locale: currentLocale(),
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          // Committed with the account: if the mail server fails for good, the user can resend from /verification.
          await mailLink(tx, 'verify', company, row, origin);
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Lost a race with the same email: the other sign-up made the account.
        const owner = await db.query.users.findFirst({
          where: and(eq(users.companyId, company.id), eq(users.email, body.email)),
        });
        if (owner) await tellOwner(owner);
      }
    },

    /**
     * Signs in. `device` is the nonce of this browser's device cookie for the account (see device-cookie.ts), when
     * it has a valid one: its failures count on their own, so strangers guessing from elsewhere cannot lock the
     * owner's usual browser out. A device that used up its own allowance counts as unknown.
     */
    async login(company: CompanyRow, body: LoginBody, device: string | null = null): Promise<Tokens> {
      const deviceKey = device ? deviceThrottleKey(device) : null;
      const trusted = deviceKey !== null && (await throttle.blockedFor(company.id, deviceKey)) === 0;
      const counted = trusted && deviceKey ? deviceKey : body.email;
      if (!trusted) {
        const wait = await throttle.blockedFor(company.id, body.email);
        if (wait > 0) {
          const minutes = Math.ceil(wait / 60_000);
          throw new ApiError(
            429,
            msg`Too many failed sign-ins for this account from new devices; try again in ${{ minutes }} min, sign in from a device you used before, or reset your password`,
            undefined,
            { 'retry-after': String(Math.ceil(wait / 1000)) },
          );
        }
      }
      const user = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, body.email)),
      });
      // Hash even when the email is unknown so the reply time does not tell which emails have accounts.
      const ok = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await dummyPasswordHash(config.scryptLogN)),
      );
      if (!user || !ok || !user.isActive) {
        await throttle.failed(company.id, counted);
        throw unauthorized(msg`Invalid email or password`);
      }
      await throttle.clear(company.id, counted);
      return issueTokens(user);
    },

    /**
     * Rotates a refresh token. The spent token keeps its successor sealed (only that token opens it), so a second
     * use within REFRESH_GRACE_MS (another tab, at the same instant) gets the same new token; a use after that is a
     * replay and revokes the whole family.
     */
    async refresh(company: CompanyRow, token: string): Promise<Tokens> {
      const hash = hashToken(token);
      const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, hash) });
      if (!row || row.companyId !== company.id) throw expired();
      if (row.revokedAt || row.expiresAt <= new Date()) throw expired();
      const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
      if (!user?.isActive) throw expired();
      const next = newOpaqueToken();
      const outcome = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // Spent and sealed in one statement; a concurrent use waits on this row and then finds it spent.
        const [spent] = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date(), successor: sealSuccessor(token, next.token) })
          .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (spent) {
          await storeRefresh(tx, user, row.familyId, next);
          return { token: next.token };
        }
        const [now] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.id)).limit(1);
        const twin =
          now?.usedAt &&
          !now.revokedAt &&
          now.successor &&
          Date.now() - now.usedAt.getTime() < REFRESH_GRACE_MS
            ? openSuccessor(token, now.successor)
            : null;
        if (twin) return { token: twin };
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return { replay: true } as const;
      });
      if ('replay' in outcome)
        throw unauthorized(msg`This session was signed out for your safety; sign in again`);
      return withAccess(user, outcome.token);
    },

    async logout(company: CompanyRow, token: string | undefined): Promise<void> {
      if (!token) return;
      const row = await db.query.refreshTokens.findFirst({
        where: eq(refreshTokens.tokenHash, hashToken(token)),
      });
      if (!row || row.companyId !== company.id) return;
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    },

    async verifyEmail(company: CompanyRow, token: string): Promise<UserRow> {
      const row = await consumeEmailToken(company, token, 'verify');
      if (!row) throw badRequest(msg`This verification link is invalid, used or expired. Ask for a new one.`);
      const [user] = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning();
      if (!user)
        throw badRequest(msg`This verification link is invalid, used or expired. Ask for a new one.`);
      wrote(db, 'users'); // committed: a cached copy of this user is stale
      return user;
    },

    /**
     * Stores a reset link and queues its mail in one transaction, before the reply: the reply (the same whether or
     * not the email has an account) is given once the mail is sure to go. The lookup runs in that transaction either
     * way, so a known and an unknown email cost about the same.
     */
    async requestPasswordReset(company: CompanyRow, email: string, origin: string): Promise<void> {
      await inTransaction(async (tx) => {
        const user = await tx.query.users.findFirst({
          where: and(eq(users.companyId, company.id), eq(users.email, email)),
        });
        if (user?.isActive) await mailLink(tx, 'reset', company, user, origin);
      });
    },

    async resetPassword(company: CompanyRow, token: string, password: string): Promise<void> {
      const pending = await db.query.emailTokens.findFirst({
        where: and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.kind, 'reset'),
          eq(emailTokens.companyId, company.id),
        ),
      });
      // Check strength before spending the token, so a weak choice does not burn the link.
      if (pending) {
        const owner = await db.query.users.findFirst({
          where: eq(users.id, pending.userId),
          columns: { email: true },
        });
        const weak = passwordWeakness(password, owner?.email);
        if (weak) throw fieldError('password', weak);
      }
      const row = await consumeEmailToken(company, token, 'reset');
      if (!row) throw badRequest(msg`This reset link is invalid, used or expired. Ask for a new one.`);
      const passwordHash = await hashPassword(password, config.scryptLogN);
      const owner = await db.query.users.findFirst({
        where: eq(users.id, row.userId),
        columns: { email: true },
      });
      // The owner proved they read their mail: failed sign-ins by someone else no longer hold them out.
      if (owner) await throttle.clear(company.id, owner.email);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
        // A reset means the old password may be known to someone else: end every session.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.userId, row.userId), isNull(refreshTokens.revokedAt)));
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailTokens.userId, row.userId),
              eq(emailTokens.kind, 'reset'),
              isNull(emailTokens.usedAt),
            ),
          );
      });
      wrote(db, 'users'); // committed: a cached copy of this user is stale
    },

    /** The caller's own verification mail; staff may ask for a customer of their company. */
    async resendVerificationFor(
      company: CompanyRow,
      caller: UserRow,
      userId: string,
      origin: string,
    ): Promise<'sent' | 'verified'> {
      let target = caller;
      if (userId !== caller.id) {
        // Nobody but staff of the company learns whether an id exists.
        const other = isStaff(caller)
          ? await db.query.users.findFirst({
              where: and(eq(users.id, userId), eq(users.companyId, company.id)),
            })
          : undefined;
        if (!other) throw notFound(msg`User not found`);
        target = other;
      }
      return resendVerification(company, target, origin);
    },

    resendVerification,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
