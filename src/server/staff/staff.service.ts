import { msg } from '@lingui/core/runtime-macro';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuditChanges } from '../../contract/audit';
import type { PendingInvitation, StaffList, StaffMember, StaffRole } from '../../contract/staff';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { refreshTokens, type StaffInvitationRow, staffInvitations, users } from '../db/schema';
import { wrote } from '../db/writes';
import { conflict, forbidden, notFound } from '../errors';

const STAFF_ROLES: StaffRole[] = ['staff', 'admin'];

export function toStaffMember(u: UserRow): StaffMember {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    // The list holds staff only (isStaff): a customer never reaches here.
    role: u.role === 'admin' ? 'admin' : 'staff',
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
  };
}

export function toPendingInvitation(
  row: StaffInvitationRow,
  invitedBy: string | null = null,
): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expiresAt <= new Date() ? 'expired' : 'pending',
    invited_by: invitedBy,
    expires_at: row.expiresAt.toISOString(),
    last_sent_at: row.lastSentAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The company's staff as its admins manage them: the people (active or not) and the open invitations; role and
 * activity changes, audited. Two rules keep a company manageable: nobody changes their own role or activity, and
 * the last active admin stays an active admin.
 */
export function createStaffService({ db, audit }: { db: Db; audit: AuditService }) {
  return {
    async list(company: CompanyRow): Promise<StaffList> {
      const [people, invitations] = await Promise.all([
        db
          .select()
          .from(users)
          .where(and(eq(users.companyId, company.id), inArray(users.role, STAFF_ROLES)))
          .orderBy(desc(users.isActive), asc(users.lastName), asc(users.firstName), asc(users.id)),
        db
          .select({ i: staffInvitations, first: users.firstName, last: users.lastName })
          .from(staffInvitations)
          .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
          .where(
            and(
              eq(staffInvitations.companyId, company.id),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.revokedAt),
            ),
          )
          .orderBy(desc(staffInvitations.createdAt))
          .limit(200),
      ]);
      return {
        people: people.map(toStaffMember),
        invitations: invitations.map(({ i, first, last }) =>
          toPendingInvitation(i, first === null ? null : `${first} ${last ?? ''}`.trim()),
        ),
      };
    },

    /**
     * Changes a staff member's role and/or activity. A deactivation or a role change ends their sessions (refresh
     * tokens revoked; the auth guard reads the user on every call, so their access tokens stop at once too).
     */
    async update(
      company: CompanyRow,
      admin: UserRow,
      id: string,
      change: { role?: StaffRole | undefined; is_active?: boolean | undefined },
    ): Promise<StaffMember> {
      if (id === admin.id) {
        throw conflict(
          change.role !== undefined
            ? 'You cannot change your own role; ask another admin'
            : 'You cannot deactivate your own account; ask another admin',
        );
      }
      const updated = await db.transaction(async (txRaw) => {
        // drizzle types its transaction apart from the database; both run the same queries.
        const tx = txRaw as unknown as Db;
        // Every admin row of the company is locked: two admins demoting each other at once cannot leave none.
        const admins = await tx
          .select({ id: users.id, isActive: users.isActive })
          .from(users)
          .where(and(eq(users.companyId, company.id), eq(users.role, 'admin')))
          .for('update');
        const [before] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, id), eq(users.companyId, company.id)))
          .limit(1)
          .for('update');
        if (!before || !isStaff(before)) throw notFound(msg`Staff member not found`);
        const role = change.role ?? (before.role === 'admin' ? 'admin' : 'staff');
        const isActive = change.is_active ?? before.isActive;
        const changes: AuditChanges = {};
        if (role !== before.role) changes.role = [before.role, role];
        if (isActive !== before.isActive) changes.is_active = [before.isActive, isActive];
        if (Object.keys(changes).length === 0) return before;
        const stillAdmin = role === 'admin' && isActive;
        const otherActiveAdmins = admins.filter((a) => a.isActive && a.id !== before.id).length;
        if (before.role === 'admin' && before.isActive && !stillAdmin && otherActiveAdmins === 0) {
          throw conflict(msg`This is the last active admin of the company: make someone else an admin first`);
        }
        // The caller was an admin when the request began; another admin may have changed that meanwhile.
        if (!admins.some((a) => a.id === admin.id && a.isActive)) throw forbidden();
        const [after] = await tx
          .update(users)
          .set({ role, isActive, updatedAt: sql`now()` })
          .where(eq(users.id, before.id))
          .returning();
        if (!after) throw notFound(msg`Staff member not found`);
        // Out at once: a deactivated person, or one whose sessions carry the old role, signs in again.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.userId, after.id), isNull(refreshTokens.revokedAt)));
        const action =
          changes.is_active && !changes.role ? (isActive ? 'reactivated' : 'deactivated') : 'staff changed';
        await audit.record(tx, company, admin, { entity: 'user', entityId: after.id, action, changes });
        return after;
      });
      wrote(db, 'users'); // committed: a cached copy of this user (role, active) is stale
      return toStaffMember(updated);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
