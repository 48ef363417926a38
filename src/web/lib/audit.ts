/*
 * The history of a record (GET /v1/admin/audit) as staff read it: the server records field names and raw values
 * ("packages_added", "menu_id: null → 1", "enabled: null → true"); a screen says them as it says everything else,
 * leaves out what did not change and what only the database needs (ids).
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { AuditChanges, AuditEntity, AuditValue } from '../../contract/audit';
import { auditCalls } from '../../contract/audit.calls';
import { api } from './api';
import { formatDate, formatDateTime, formatMoney } from './format';
import { auditKey } from './query-keys';

/** The trail of one record; staff changes refresh it (lib/refresh, `audit`). */
export const auditQueryOptions = (entity: AuditEntity, id: string) =>
  queryOptions({
    queryKey: auditKey(entity, id),
    queryFn: () => api.call(auditCalls.list, { query: { entity, id } }),
  });

/** What the server calls an action, as a person says it; unknown ones are said from their code. */
const ACTIONS: Record<string, MessageDescriptor> = {
  packages_added: msg`Packages added`,
  package_removed: msg`Package removed`,
  prealert_linked: msg`Pre-alert linked`,
  prealert_unlinked: msg`Pre-alert unlinked`,
  payment_reversed: msg`Payment reversed`,
  send_failed: msg`Sending failed`,
  status: msg`Status changed`,
  shipment: msg`Shipment changed`,
  undone: msg`Receipt undone`,
  advanced: msg`Moved on`,
};

/** "packages_added" → "Packages added"; "email verified by hand" stays as it is, with a capital. */
export function actionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return i18n._(known);
  const words = action.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/**
 * A field as people say it when the screen gives no label: "amount_paid_cents" → "Amount paid", "due_at" → "Due",
 * "issue_date" → "Issue date", "invoice.tax_rate" → "Invoice tax rate".
 */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/_(cents|at)$/, '')
    .replace(/[_.]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/** Ids are the database's: a person reads the record's name, which the entry's other fields or its note give. */
const isId = (field: string) => /(^|[._])id$/.test(field);
const isRate = (field: string) => /(^|[._])tax_rate$/.test(field);

/**
 * A value as the screens write it: cents in `currency` as money ("J$5,000.00"), a tax rate as a percentage, yes and
 * no for a flag, calendar dates and times with the shared date formatter, nothing as "—". Without a currency, cents
 * stay a number (a record may hold two currencies).
 */
export function auditValue(field: string, v: AuditValue, currency?: string): string {
  if (v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? t`Yes` : t`No`;
  if (typeof v === 'number' && field.endsWith('_cents') && currency) return formatMoney(v, currency);
  if (isRate(field) && Number.isFinite(Number(v))) return `${Math.round(Number(v) * 10000) / 100}%`;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return formatDateTime(v);
  return String(v);
}

export interface ShownChange {
  field: string;
  label: string;
  /** null: the field had no value before (it was set); the entry then reads "Title: Home". */
  before: string | null;
  /** null: it has none now (it was cleared or the record deleted). */
  after: string | null;
}

/** The changes worth reading: no ids, nothing that went from nothing to nothing or stayed the same. */
export function shownChanges(
  changes: AuditChanges,
  {
    labels = {},
    currency,
    statusNames = {},
  }: {
    labels?: Record<string, string>;
    currency?: string | undefined;
    /** A status code's name as the screens show it ("ready_for_pickup" → "Ready for pickup"). */
    statusNames?: Record<string, string>;
  } = {},
): ShownChange[] {
  const shown: ShownChange[] = [];
  const say = (field: string, v: AuditValue) =>
    field === 'status' && typeof v === 'string' && statusNames[v]
      ? statusNames[v]
      : auditValue(field, v, currency);
  for (const [field, [was, now]] of Object.entries(changes)) {
    if (isId(field)) continue;
    const before = say(field, was);
    const after = say(field, now);
    if (before === after) continue;
    shown.push({
      field,
      label: labels[field] ?? fieldLabel(field),
      before: before === '—' ? null : before,
      after: after === '—' ? null : after,
    });
  }
  return shown;
}
