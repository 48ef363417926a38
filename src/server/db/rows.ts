import type { companies, users } from './schema';

/** Rows as the database gives them, shared by every layer (plugins, services, routes' types). */
export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Staff of their company: the back office's people (admins included). */
export function isStaff(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'staff' || user.role === 'admin';
}
