import { msg } from '@lingui/core/runtime-macro';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AuditChanges } from '../../contract/audit';
import type { CustomerSort } from '../../contract/constants';
import type { CustomerDetail, CustomerRow } from '../../contract/customers';
import { preferencesOf } from '../../contract/profile';
import type { Role } from '../../contract/users';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import {
  authorizedPersons,
  invoices,
  notifications,
  packageStatuses,
  packages,
  parishes,
  pointsLedger,
  prealerts,
  pushSubscriptions,
  refreshTokens,
  users,
} from '../db/schema';
import { wrote } from '../db/writes';
import { conflict, forbidden, notFound } from '../errors';
import { pointsBalance } from '../points/points.service';

/** How many rows of each recent list a customer's record shows (the full lists live on their own screens). */
const RECENT = 10;

type ListQuery = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  verified?: 'yes' | 'no' | undefined;
  active?: 'yes' | 'no' | undefined;
  role?: Role | undefined;
  sort: CustomerSort;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const packageCount =
  sql<number>`(select count(*) from ${packages} where ${packages.userId} = ${users.id})`.mapWith(Number);

function toRow(u: UserRow, packagesCount: number): CustomerRow {
  return {
    id: u.id,
    mailbox_number: u.mailboxNumber,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    phone: u.phone,
    role: u.role,
    email_verified: u.emailVerifiedAt !== null,
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
    packages: packagesCount,
  };
}

const ORDER: Record<CustomerSort, SQL[]> = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(users.lastName), asc(users.firstName), asc(users.id)],
  mailbox: [asc(users.mailboxNumber)],
};

/** A clerk may act on customers' accounts; a staff account's access is for admins (the Staff screen's rules). */
function staffOnlyByAdmins(caller: UserRow, target: UserRow): void {
  if (isStaff(target) && caller.role !== 'admin') throw forbidden(msg`Only admins change staff accounts`);
}

/**
 * Staff's view of the company's customers (every account of the company, staff included, so admins can find
 * staff to change their role) and the actions on an account. Every action writes an audit entry on the user in
 * the transaction of its change; an id of another company is a 404.
 */
export function createCustomerService({
  db,
  audit,
  auth,
}: {
  db: Db;
  audit: AuditService;
  auth: AuthService;
}) {
  async function target(company: CompanyRow, id: string, tx: Db = db, lock = false): Promise<UserRow> {
    const base = tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, company.id)))
      .limit(1);
    const [u] = lock ? await base.for('update') : await base;
    if (!u) throw notFound(msg`Customer not found`);
    return u;
  }

  async function rowOf(u: UserRow): Promise<CustomerRow> {
    const [n] = await db.select({ n: count() }).from(packages).where(eq(packages.userId, u.id));
    return toRow(u, n?.n ?? 0);
  }

  /** Changes a user's columns and audits it, in one transaction; no change, no entry. */
  async function change(
    company: CompanyRow,
    staff: UserRow,
    id: string,
    action: string,
    apply: (u: UserRow) => Partial<typeof users.$inferInsert> | null,
    fields: (before: UserRow, after: UserRow) => AuditChanges,
    within?: (tx: Db, u: UserRow) => Promise<void>,
  ): Promise<CustomerRow> {
    const updated = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const before = await target(company, id, tx, true);
      const set = apply(before);
      if (!set) return before;
      const [after] = await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, before.id))
        .returning();
      if (!after) throw notFound(msg`Customer not found`);
      if (within) await within(tx, after);
      await audit.record(tx, company, staff, {
        entity: 'user',
        entityId: after.id,
        action,
        changes: fields(before, after),
      });
      return after;
    });
    wrote(db, 'users'); // committed: a cached copy of this user (role, active) is stale
    return rowOf(updated);
  }

  return {
    async list(company: CompanyRow, q: ListQuery) {
      const like = q.q ? `%${escapeLike(q.q)}%` : undefined;
      const digits = q.q?.replace(/\D/g, '');
      const where = and(
        eq(users.companyId, company.id),
        like
          ? or(
              ilike(users.mailboxNumber, like),
              ilike(users.email, like),
              ilike(users.phone, like),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
              // Phones are stored as typed: "876-555 0101" is found by "8765550101" too.
              digits && digits.length >= 4
                ? sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
                : undefined,
            )
          : undefined,
        q.verified === 'yes' ? isNotNull(users.emailVerifiedAt) : undefined,
        q.verified === 'no' ? isNull(users.emailVerifiedAt) : undefined,
        q.active ? eq(users.isActive, q.active === 'yes') : undefined,
        q.role ? eq(users.role, q.role) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ u: users, n: packageCount })
          .from(users)
          .where(where)
          .orderBy(...ORDER[q.sort])
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return {
        items: rows.map((r) => toRow(r.u, r.n)),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    async one(company: CompanyRow, id: string): Promise<CustomerDetail> {
      const u = await target(company, id);
      const [parish, pkgs, pres, invs, balance, pts, people, sent, n, devices] = await Promise.all([
        u.parishId
          ? db.select({ name: parishes.name }).from(parishes).where(eq(parishes.id, u.parishId)).limit(1)
          : Promise.resolve([]),
        db
          .select({ p: packages, statusName: packageStatuses.name })
          .from(packages)
          .leftJoin(packageStatuses, eq(packageStatuses.code, packages.statusCode))
          .where(and(eq(packages.companyId, company.id), eq(packages.userId, u.id)))
          .orderBy(desc(packages.createdAt), desc(packages.id))
          .limit(RECENT),
        db
          .select()
          .from(prealerts)
          .where(and(eq(prealerts.companyId, company.id), eq(prealerts.userId, u.id)))
          .orderBy(desc(prealerts.createdAt), desc(prealerts.id))
          .limit(RECENT),
        db
          .select()
          .from(invoices)
          .where(and(eq(invoices.companyId, company.id), eq(invoices.userId, u.id)))
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(RECENT),
        pointsBalance(db, u.id),
        db
          .select()
          .from(pointsLedger)
          .where(and(eq(pointsLedger.companyId, company.id), eq(pointsLedger.userId, u.id)))
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(RECENT),
        db
          .select()
          .from(authorizedPersons)
          .where(and(eq(authorizedPersons.companyId, company.id), eq(authorizedPersons.userId, u.id)))
          .orderBy(asc(authorizedPersons.fullName))
          .limit(50),
        db
          .select()
          .from(notifications)
          .where(and(eq(notifications.companyId, company.id), eq(notifications.userId, u.id)))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(RECENT),
        db.select({ n: count() }).from(packages).where(eq(packages.userId, u.id)),
        db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id)),
      ]);
      return {
        profile: {
          ...toRow(u, n[0]?.n ?? 0),
          first_name: u.firstName,
          last_name: u.lastName,
          address: u.address,
          parish: parish[0]?.name ?? null,
          trn: u.trn,
        },
        packages: pkgs.map(({ p, statusName }) => ({
          id: p.id,
          tracking_number: p.trackingNumber,
          description: p.description,
          status_code: p.statusCode,
          status_name: statusName ?? p.statusCode,
          created_at: p.createdAt.toISOString(),
        })),
        prealerts: pres.map((p) => ({
          id: p.id,
          tracking_number: p.trackingNumber,
          seller_name: p.sellerName,
          status: p.status,
          package_id: p.packageId,
          created_at: p.createdAt.toISOString(),
        })),
        invoices: invs.map((i) => ({
          id: i.id,
          number: i.number ?? 'Draft',
          status: i.status,
          total_cents: i.totalCents,
          created_at: i.createdAt.toISOString(),
        })),
        points: {
          balance,
          recent: pts.map((e) => ({
            id: e.id,
            points: e.points,
            kind: e.kind,
            reason: e.reason,
            created_at: e.createdAt.toISOString(),
          })),
        },
        authorized_persons: people.map((a) => ({ id: a.id, name: a.fullName, phone: a.phone })),
        notifications: sent.map((m) => ({
          id: m.id,
          kind: m.kind,
          title: m.title,
          read: m.readAt !== null,
          created_at: m.createdAt.toISOString(),
        })),
        notification_preferences: preferencesOf(u.notificationPrefs),
        push_devices: devices[0]?.n ?? 0,
      };
    },

    /** Verifies the email by hand (e.g. the customer showed staff the mailbox): no change when already verified. */
    verify(company: CompanyRow, staff: UserRow, id: string) {
      return change(
        company,
        staff,
        id,
        'email verified by hand',
        (u) => (u.emailVerifiedAt ? null : { emailVerifiedAt: new Date() }),
        () => ({ email_verified: [false, true] }),
      );
    },

    /** The link, its mail and the audit entry saying staff asked, in one transaction. */
    async resendVerification(company: CompanyRow, staff: UserRow, id: string, origin: string) {
      const u = await target(company, id);
      const result = await auth.resendVerification(company, u, origin, (tx) =>
        audit.record(tx, company, staff, {
          entity: 'user',
          entityId: u.id,
          action: 'verification email sent',
          changes: {},
        }),
      );
      return { result };
    },

    /** A deactivated account cannot sign in, and its sessions end: refresh tokens are revoked here, and the
     * auth guard refuses its access tokens (it reads is_active on every call). */
    deactivate(company: CompanyRow, staff: UserRow, id: string) {
      if (id === staff.id) throw conflict(msg`You cannot deactivate your own account`);
      return change(
        company,
        staff,
        id,
        'deactivated',
        (u) => {
          staffOnlyByAdmins(staff, u);
          return u.isActive ? { isActive: false } : null;
        },
        () => ({ is_active: [true, false] }),
        async (tx, u) => {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(refreshTokens.userId, u.id), isNull(refreshTokens.revokedAt)));
        },
      );
    },

    reactivate(company: CompanyRow, staff: UserRow, id: string) {
      return change(
        company,
        staff,
        id,
        'reactivated',
        (u) => {
          staffOnlyByAdmins(staff, u);
          return u.isActive ? null : { isActive: true };
        },
        () => ({ is_active: [false, true] }),
      );
    },

    /** Admins only (the contract's access); nobody changes their own role, so an admin cannot lock themselves out. */
    role(company: CompanyRow, admin: UserRow, id: string, role: Role) {
      if (id === admin.id) throw forbidden(msg`You cannot change your own role`);
      return change(
        company,
        admin,
        id,
        'role changed',
        (u) => (u.role === role ? null : { role }),
        (b, a) => ({ role: [b.role, a.role] }),
        async (tx, u) => {
          // A changed role changes what a session may do: end them, so the next sign-in carries the new role.
          await tx
            .update(refreshTokens)
            .set({ revokedAt: new Date() })
            .where(and(eq(refreshTokens.userId, u.id), isNull(refreshTokens.revokedAt)));
        },
      );
    },

    async passwordReset(company: CompanyRow, staff: UserRow, id: string, origin: string) {
      const u = await target(company, id);
      if (!u.isActive) throw conflict(msg`Reactivate the account before sending a password reset`);
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await auth.mailLink(tx, 'reset', company, u, origin);
        await audit.record(tx, company, staff, {
          entity: 'user',
          entityId: u.id,
          action: 'password reset email sent',
          changes: {},
        });
      });
      return null;
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
