import { msg } from '@lingui/core/runtime-macro';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  type AccountSummary,
  type ChangePasswordBody,
  changePasswordBodySchema,
  type Profile,
  preferencesOf,
  type UpdateProfileBody,
  updateProfileBodySchema,
} from '../../contract/profile';
import { hashPassword, passwordWeakness, verifyPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { parishes, refreshTokens, users } from '../db/schema';
import { wrote } from '../db/writes';
import { fieldError, notFound } from '../errors';
import type { InvoiceService } from '../invoices/invoices.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { toUser } from '../presenters';
import { storageEndingSoon } from '../storage/storage';

export function createProfileService(deps: {
  db: Db;
  config: Config;
  invoices: InvoiceService;
  points: PointsService;
  notifications: NotificationService;
}) {
  const { db, config, invoices, points, notifications } = deps;

  async function profile(company: CompanyRow, userId: string): Promise<Profile> {
    const [row] = await db
      .select({ u: users, parish: { id: parishes.id, name: parishes.name } })
      .from(users)
      .leftJoin(parishes, eq(parishes.id, users.parishId))
      .where(and(eq(users.id, userId), eq(users.companyId, company.id)))
      .limit(1);
    if (!row) throw notFound(msg`User not found`);
    const u = row.u;
    const w = company.warehouseAddress;
    const name = `${u.firstName} ${u.lastName}`.trim();
    return {
      user: toUser(u),
      parish: row.parish,
      mailbox_number: u.mailboxNumber,
      notification_preferences: preferencesOf(u.notificationPrefs),
      warehouse_address: w,
      // As the dashboard and the profile screen show it: the mailbox number right after address line 1, where
      // every checkout form has room for it and the warehouse looks for it.
      shipping_address: { ...w, name, line1: `${w.line1} ${u.mailboxNumber}` },
    };
  }

  return {
    get: (company: CompanyRow, user: UserRow) => profile(company, user.id),

    async update(company: CompanyRow, user: UserRow, input: UpdateProfileBody): Promise<Profile> {
      const body = updateProfileBodySchema.parse(input);
      if (body.parish_id !== undefined) {
        const [p] = await db
          .select({ id: parishes.id })
          .from(parishes)
          .where(eq(parishes.id, body.parish_id));
        if (!p) throw fieldError('parish_id', msg`Choose a parish from the list`);
      }
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.first_name !== undefined) set.firstName = body.first_name;
      if (body.last_name !== undefined) set.lastName = body.last_name;
      if (body.phone !== undefined) set.phone = body.phone;
      if (body.address !== undefined) set.address = body.address;
      if (body.parish_id !== undefined) set.parishId = body.parish_id;
      if (body.trn !== undefined) set.trn = body.trn;
      // Mails, bell notices and push messages are written in it from now on.
      if (body.locale !== undefined) set.locale = body.locale;
      if (body.notification_preferences) {
        set.notificationPrefs = {
          ...preferencesOf(user.notificationPrefs),
          ...body.notification_preferences,
        };
      }
      await db
        .update(users)
        .set(set)
        .where(and(eq(users.id, user.id), eq(users.companyId, company.id)));
      wrote(db, 'users'); // committed: the signed-in user's cached row is stale
      return profile(company, user.id);
    },

    /**
     * Changes the password after checking the current one. Every other session ends: all the user's refresh-token
     * families are revoked except the family of `refreshToken` (the caller's own device), when given and valid.
     * Returns how many sessions were signed out.
     */
    async changePassword(company: CompanyRow, user: UserRow, input: ChangePasswordBody): Promise<number> {
      const body = changePasswordBodySchema.parse(input);
      if (!(await verifyPassword(body.current_password, user.passwordHash))) {
        throw fieldError('current_password', msg`This is not your current password`);
      }
      const weak = passwordWeakness(body.new_password, user.email);
      if (weak) throw fieldError('new_password', weak);
      if (body.new_password === body.current_password) {
        throw fieldError('new_password', msg`Choose a password different from the current one`);
      }
      let keepFamily: string | undefined;
      if (body.refreshToken) {
        const [own] = await db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(
            and(
              eq(refreshTokens.tokenHash, hashToken(body.refreshToken)),
              eq(refreshTokens.userId, user.id),
              eq(refreshTokens.companyId, company.id),
              isNull(refreshTokens.revokedAt),
            ),
          )
          .limit(1);
        keepFamily = own?.familyId;
      }
      const passwordHash = await hashPassword(body.new_password, config.scryptLogN);
      const signedOut = await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        const revoked = await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(refreshTokens.userId, user.id),
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, new Date()),
              keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined,
            ),
          )
          .returning({ familyId: refreshTokens.familyId });
        return new Set(revoked.map((r) => r.familyId)).size;
      });
      wrote(db, 'users'); // committed: the signed-in user's cached row (its password hash) is stale
      return signedOut;
    },

    /** The dashboard's figures: balance due, points and unread notifications. */
    async summary(company: CompanyRow, user: UserRow): Promise<AccountSummary> {
      const [due, balance, unread, endingSoon] = await Promise.all([
        invoices.balanceDue(company, user),
        points.balance(user.id),
        notifications.unreadCount(company, user.id),
        storageEndingSoon(db, company, user.id),
      ]);
      return {
        ...due,
        currency: company.currency,
        points_balance: balance,
        unread_notifications: unread,
        storage_ending_soon: endingSoon,
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
