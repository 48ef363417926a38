import { z } from 'zod';
import { text } from './text';

/** The records staff change; each change is written to the audit trail and shown on the record. */
export const auditEntities = [
  'package',
  'shipment',
  'user',
  'prealert',
  'invoice',
  'company',
  'menu',
  'purchase_request',
  'staff_invitation',
  'rates',
  'duty_category',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** Field name -> [before, after], as the values were shown to staff (strings, numbers, booleans or null). */
export type AuditValue = string | number | boolean | null;
export type AuditChanges = Record<string, [AuditValue, AuditValue]>;

const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(auditEntities),
  entity_id: z.string(),
  action: z.string().describe('what was done, e.g. received, updated, assigned, status, undone'),
  changes: z.record(z.string(), z.tuple([auditValueSchema, auditValueSchema])),
  note: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  entity: z.enum(auditEntities),
  id: text().trim().min(1).max(64),
});

/** The schemas of each call in `audit.calls.ts`. */
export const auditSchemas = {
  list: { query: auditQuerySchema, response: z.object({ items: z.array(auditEntrySchema) }) },
};
