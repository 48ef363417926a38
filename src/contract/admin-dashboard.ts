import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { tr } from './i18n';

export const dashboardQuerySchema = z.object({
  /** The start of the clerk's "today" (their local midnight, as an instant); UTC midnight when not given. */
  since: z.iso.datetime({ offset: true, error: () => tr(msg`Use an ISO date and time`) }).optional(),
});

/** Today's work for the company's staff: each figure opens its filtered list. */
export const dashboardSchema = z.object({
  since: z.string(),
  received_today: z.number().int(),
  unassigned: z.number().int(),
  unmatched_prealerts: z.number().int(),
  ready_for_pickup: z.number().int(),
  overdue_invoices: z.number().int(),
  /** What the overdue invoices add up to, in the company's currency (minor units). */
  overdue_total_cents: z.number().int(),
  currency: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The schemas of each call in `admin-dashboard.calls.ts`. */
export const dashboardSchemas = {
  today: { query: dashboardQuerySchema, response: dashboardSchema },
};
