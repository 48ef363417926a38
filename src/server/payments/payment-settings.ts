import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import type { PaymentProvider } from '../../contract/constants';
import {
  type PaymentSettings,
  type UpdatePaymentSettingsBody,
  updatePaymentSettingsBodySchema,
} from '../../contract/payments';
import { type AuditService, diff, flatten } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { type PaymentSettingsRow, paymentSettings, type WipayStored } from '../db/schema-payments';
import { badRequest } from '../errors';
import type { ProviderCredentials } from './provider';
import type { Secrets } from './secrets';

const WIPAY_DEFAULTS: WipayStored = {
  account_number: '',
  environment: 'sandbox',
  fee_structure: 'customer_pay',
  country_code: 'JM',
};

/** A company's row, or what a company that never chose has: no online payment. */
export async function settingsRowOf(db: Db, companyId: string): Promise<PaymentSettingsRow> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.companyId, companyId));
  return (
    row ?? {
      companyId,
      provider: 'none',
      label: '',
      wipay: null,
      wipayApiKeyEnc: null,
      updatedAt: new Date(0),
    }
  );
}

/** The secrets a provider needs, opened (never leaves the server). */
export function credentialsOf(row: PaymentSettingsRow, secrets: Secrets): ProviderCredentials {
  if (!row.wipay || !row.wipayApiKeyEnc) return { wipay: null };
  try {
    return { wipay: { ...row.wipay, apiKey: secrets.open(row.wipayApiKeyEnc) } };
  } catch {
    // Sealed under another key (SECRETS_KEY or JWT_SECRET changed): as good as no key, until an admin enters it again.
    return { wipay: null };
  }
}

/** The providers this server offers: the test one only where the config allows it. */
export const availableProviders = (testProvider: boolean): PaymentProvider[] =>
  testProvider ? ['none', 'test', 'wipay'] : ['none', 'wipay'];

export function settingsView(
  row: PaymentSettingsRow,
  company: CompanyRow,
  available: PaymentProvider[],
): PaymentSettings {
  return {
    provider: available.includes(row.provider) ? row.provider : 'none',
    label: row.label,
    currency: company.currency,
    available,
    wipay: { ...(row.wipay ?? WIPAY_DEFAULTS), api_key_set: row.wipayApiKeyEnc !== null },
  };
}

/**
 * Admins: the provider and its settings, audited (entity company). The API key is write-only: left out it stays,
 * "" removes it; stored sealed, and the audit says only that it changed.
 */
export async function updateSettings(
  deps: { db: Db; audit: AuditService; secrets: Secrets; available: PaymentProvider[] },
  company: CompanyRow,
  admin: UserRow,
  input: UpdatePaymentSettingsBody,
): Promise<PaymentSettings> {
  const b = updatePaymentSettingsBodySchema.parse(input);
  if (!deps.available.includes(b.provider)) {
    throw badRequest(msg`Check the highlighted fields`, {
      provider: ['The test provider is turned off on this server'],
    });
  }
  return deps.db.transaction(async (tx) => {
    const before = await settingsRowOf(tx, company.id);
    const { api_key: apiKey, ...wipayIn } = b.wipay ?? {};
    const wipay: WipayStored = { ...(before.wipay ?? WIPAY_DEFAULTS), ...wipayIn };
    const keyEnc =
      apiKey === undefined ? before.wipayApiKeyEnc : apiKey === '' ? null : deps.secrets.seal(apiKey);
    if (b.provider === 'wipay') {
      const errors: Record<string, string[]> = {};
      if (wipay.environment === 'live' && !/^\d{10}$/.test(wipay.account_number)) {
        errors['wipay.account_number'] = ['Enter your 10-digit WiPay account number'];
      }
      if (!keyEnc) errors['wipay.api_key'] = ['Enter the API key from WiPay’s Developer page'];
      if (Object.keys(errors).length > 0) throw badRequest(msg`Check the highlighted fields`, errors);
    }
    const values = {
      provider: b.provider,
      label: b.label,
      wipay,
      wipayApiKeyEnc: keyEnc,
      updatedAt: new Date(),
    };
    await tx
      .insert(paymentSettings)
      .values({ companyId: company.id, ...values })
      .onConflictDoUpdate({ target: paymentSettings.companyId, set: values });
    const shown = (r: { provider: string; label: string; wipay: WipayStored | null }) =>
      flatten({ provider: r.provider, label: r.label, wipay: r.wipay ?? WIPAY_DEFAULTS });
    const changes = diff(shown(before) as Record<string, AuditValue>, shown(values));
    // Never the key itself, nor anything derived from it: only that it changed.
    if (keyEnc !== before.wipayApiKeyEnc) {
      changes['wipay.api_key'] = [before.wipayApiKeyEnc ? 'set' : null, keyEnc ? 'changed' : 'removed'];
    }
    if (Object.keys(changes).length > 0) {
      await deps.audit.record(tx, company, admin, {
        entity: 'company',
        entityId: company.id,
        action: 'payment_settings',
        changes,
      });
    }
    return settingsView({ ...before, ...values, companyId: company.id }, company, deps.available);
  });
}
