import { eq } from 'drizzle-orm';
import type { AuditChanges } from '../../contract/audit';
import { type AccountSettings, accountSettingsSchema } from '../../contract/fees';
import { inPortalOrder } from '../../contract/languages';
import type { CompanySettings, UpdateSettingsBody } from '../../contract/settings';
import { type AuditService, diff, flatten } from '../audit/audit.service';
import { DEFAULT_ACCOUNT_SETTINGS } from '../companies/account-settings';
import { forgetTimeZones } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { companySettings } from '../db/schema';
import { wrote } from '../db/writes';

/** The sections an admin edits, as the API names them, from the stored settings. */
export function toCompanySettings(company: CompanyRow, s: AccountSettings): CompanySettings {
  return {
    company_id: company.id,
    currency: company.currency,
    time_zone: s.time_zone,
    languages: s.languages,
    payment: {
      bank_transfer: { ...s.payment.bank_transfer },
      counter: s.payment.counter,
      online_url: s.payment.online_url,
      overdue: s.payment.overdue,
    },
    points: { ...s.points },
    invoice: {
      tax_rate: s.invoice.tax_rate,
      tax_label: s.invoice.tax_label,
      terms: s.invoice.terms,
      due_days: s.invoice_due_days,
    },
  };
}

/** Fields of `after` (whole sections) whose values differ from `before`: [before, after], by the audit's own diff. */
export function settingsChanges(before: CompanySettings, body: UpdateSettingsBody): AuditChanges {
  return diff(flatten(before), flatten(body));
}

/** Company settings: what the customer screens explain and the company's time zone (admins only, see the calls). */
export function createSettingsService({ db, audit }: { db: Db; audit: AuditService }) {
  async function read(tx: Db, companyId: string, lock: boolean): Promise<AccountSettings> {
    const base = tx
      .select({ settings: companySettings.settings })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId))
      .limit(1);
    const [row] = lock ? await base.for('update') : await base;
    return row ? accountSettingsSchema.parse(row.settings) : DEFAULT_ACCOUNT_SETTINGS;
  }

  return {
    async get(company: CompanyRow): Promise<CompanySettings> {
      return toCompanySettings(company, await read(db, company.id, false));
    },

    /** Replaces the sections sent; an audit entry names every field that changed (none: nothing is written). */
    async update(company: CompanyRow, actor: UserRow, body: UpdateSettingsBody): Promise<CompanySettings> {
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const current = await read(tx, company.id, true);
        const before = toCompanySettings(company, current);
        const changes = settingsChanges(before, body);
        if (Object.keys(changes).length === 0) return { view: before, changed: false };
        const next: AccountSettings = accountSettingsSchema.parse({
          ...current,
          ...(body.time_zone !== undefined ? { time_zone: body.time_zone } : {}),
          ...(body.languages
            ? { languages: { ...body.languages, offered: inPortalOrder(body.languages.offered) } }
            : {}),
          ...(body.payment ? { payment: body.payment } : {}),
          ...(body.points ? { points: body.points } : {}),
          ...(body.invoice
            ? {
                invoice: {
                  tax_rate: body.invoice.tax_rate,
                  tax_label: body.invoice.tax_label,
                  terms: body.invoice.terms,
                },
                invoice_due_days: body.invoice.due_days,
              }
            : {}),
        });
        await tx
          .insert(companySettings)
          .values({ companyId: company.id, settings: next })
          .onConflictDoUpdate({ target: companySettings.companyId, set: { settings: next } });
        const sections = Object.keys(body).filter((k) => body[k as keyof UpdateSettingsBody] !== undefined);
        await audit.record(tx, company, actor, {
          entity: 'company',
          entityId: company.id,
          action: 'updated',
          changes,
          note: `Company settings: ${sections.join(', ')}`,
        });
        return { view: toCompanySettings(company, next), changed: true };
      });
      if (result.changed) {
        // Committed: every cached copy (this instance's time zones, other instances through the write bus) goes.
        forgetTimeZones(db);
        wrote(db, 'company_settings');
      }
      return result.view;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
