import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginBody, RegisterBody, Tokens } from '../../contract/auth';
import { registerBodySchema } from '../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { emailTokens, parishes, refreshTokens, users } from '../db/schema';
import { nextMailboxNumber } from '../db/seed';
import { ApiError, badRequest, conflict, fieldError, unauthorized } from '../errors';
import type { CompanyRow } from '../plugins/tenant';
import { resetMail, verificationMail } from './mail-templates';
import type { Mailer } from './mailer';
import { dummyPasswordHash, hashPassword, passwordWeakness, verifyPassword } from './passwords';
import { toUser } from './presenters';
import { hashToken, newOpaqueToken, type TokenSigner } from './tokens';

type UserRow = typeof users.$inferSelect;

export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
export const VERIFY_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;
export const RESEND_COOLDOWN_MS = 60_000;

type Log = { error: (obj: object, msg: string) => void };
export type AuthDeps = { db: Db; signer: TokenSigner; mailer: Mailer; config: Config; log: Log };

function brandOf(c: CompanyRow) {
  return { name: c.name, primaryColor: c.primaryColor, supportEmail: c.supportEmail, logoUrl: c.logoUrl };
}

export function createAuthService(deps: AuthDeps) {
  const { db, signer, mailer, config } = deps;

  async function issueTokens(user: UserRow, familyId: string = randomUUID()): Promise<Tokens> {
    const refresh = newOpaqueToken();
    await db.insert(refreshTokens).values({
      userId: user.id,
      companyId: user.companyId,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    });
    const access = await signer.sign({
      sub: user.id,
      cid: user.companyId,
      role: user.role,
      ver: user.emailVerifiedAt !== null,
      ...(user.isSuperadmin ? { sa: true } : {}),
    });
    return {
      access_token: access,
      refresh_token: refresh.token,
      token_type: 'Bearer',
      expires_in: signer.ttlSeconds,
      user: toUser(user),
    };
  }

  async function createEmailToken(user: UserRow, kind: 'verify' | 'reset'): Promise<string> {
    const t = newOpaqueToken();
    await db.insert(emailTokens).values({
      userId: user.id,
      companyId: user.companyId,
      kind,
      tokenHash: t.hash,
      expiresAt: new Date(Date.now() + (kind === 'verify' ? VERIFY_TTL_MS : RESET_TTL_MS)),
    });
    return t.token;
  }

  async function sendVerification(company: CompanyRow, user: UserRow, origin: string) {
    const token = await createEmailToken(user, 'verify');
    await mailer.send(
      verificationMail({
        brand: brandOf(company),
        origin,
        to: user.email,
        firstName: user.firstName,
        token,
        mailFrom: config.mailFrom,
      }),
    );
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

  return {
    issueTokens,

    async register(company: CompanyRow, input: RegisterBody, origin: string): Promise<Tokens> {
      const body = registerBodySchema.parse(input);
      const weak = passwordWeakness(body.password, body.email);
      if (weak) throw fieldError('password', weak);
      const parish = await db.query.parishes.findFirst({ where: eq(parishes.id, body.parish_id) });
      if (!parish) throw fieldError('parish_id', 'Choose a parish from the list');
      const taken = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, body.email)),
        columns: { id: true },
      });
      const takenError = () =>
        conflict('An account with this email already exists', {
          email: ['An account with this email already exists; sign in or reset your password'],
        });
      if (taken) throw takenError();
      const passwordHash = await hashPassword(body.password, config.scryptLogN);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const mailboxNumber = await nextMailboxNumber(tx as unknown as Db, company.id);
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
            })
            .returning();
          if (!row) throw new Error('insert returned no row');
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw takenError(); // lost a race with the same email
        throw err;
      }
      try {
        await sendVerification(company, user, origin);
      } catch (err) {
        // The account exists; the user can resend from /verification. Losing the sign-up would be worse.
        deps.log.error({ err, userId: user.id }, 'verification mail failed');
      }
      return issueTokens(user);
    },

    async login(company: CompanyRow, body: LoginBody): Promise<Tokens> {
      const user = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, body.email)),
      });
      // Hash even when the email is unknown so the reply time does not tell which emails have accounts.
      const ok = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await dummyPasswordHash(config.scryptLogN)),
      );
      if (!user || !ok || !user.isActive) throw unauthorized('Invalid email or password');
      return issueTokens(user);
    },

    async refresh(company: CompanyRow, token: string): Promise<Tokens> {
      const hash = hashToken(token);
      const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, hash) });
      if (!row || row.companyId !== company.id) throw unauthorized('Your session has expired; sign in again');
      if (row.revokedAt || row.expiresAt <= new Date())
        throw unauthorized('Your session has expired; sign in again');
      // Mark spent atomically; if it was already spent, this is a replay: revoke the whole family.
      const [spent] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (!spent) {
        await db
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        throw unauthorized('This session was signed out for your safety; sign in again');
      }
      const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
      if (!user?.isActive) throw unauthorized('Your session has expired; sign in again');
      return issueTokens(user, row.familyId);
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
      if (!row) throw badRequest('This verification link is invalid, used or expired. Ask for a new one.');
      const [user] = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning();
      if (!user) throw badRequest('This verification link is invalid, used or expired. Ask for a new one.');
      return user;
    },

    /** Never says whether the email has an account: the reply is the same, and the mail goes out after it. */
    requestPasswordReset(company: CompanyRow, email: string, origin: string): void {
      void (async () => {
        const user = await db.query.users.findFirst({
          where: and(eq(users.companyId, company.id), eq(users.email, email)),
        });
        if (!user?.isActive) return;
        const token = await createEmailToken(user, 'reset');
        await mailer.send(
          resetMail({
            brand: brandOf(company),
            origin,
            to: user.email,
            firstName: user.firstName,
            token,
            mailFrom: config.mailFrom,
          }),
        );
      })().catch((err) => deps.log.error({ err }, 'password reset mail failed'));
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
      if (!row) throw badRequest('This reset link is invalid, used or expired. Ask for a new one.');
      const passwordHash = await hashPassword(password, config.scryptLogN);
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
    },

    async resendVerification(
      company: CompanyRow,
      user: UserRow,
      origin: string,
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
      await sendVerification(company, user, origin);
      return 'sent';
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
