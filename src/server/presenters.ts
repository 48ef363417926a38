import type { Company, CompanyAdmin } from '../contract/companies';
import { isLocale } from '../contract/locales';
import type { User } from '../contract/users';
import type { CompanyDisplay } from './companies/time-zones';
import type { CompanyRow, UserRow } from './db/rows';

/** Database rows -> contract shapes. The only place column names meet API names. */
/** `display`: the company's time zone and languages, from its settings (companies/time-zones.ts). */
export function toCompany(c: CompanyRow, display: CompanyDisplay): Company {
  return {
    id: c.id,
    is_active: c.isActive,
    name: c.name,
    short_name: c.shortName,
    slug: c.slug,
    logo_url: c.logoUrl,
    primary_color: c.primaryColor,
    support_email: c.supportEmail,
    support_phone: c.supportPhone,
    website: c.website,
    warehouse_address: c.warehouseAddress,
    mailbox_prefix: c.mailboxPrefix,
    currency: c.currency,
    exchange_rate: c.exchangeRate,
    exchange_rate_date: c.exchangeRateDate,
    time_zone: display.timeZone,
    languages: display.languages.offered,
    default_language: display.languages.default,
  };
}

export function toCompanyAdmin(c: CompanyRow, hostnames: string[], display: CompanyDisplay): CompanyAdmin {
  return { ...toCompany(c, display), hostnames };
}

export function toUser(u: UserRow): User {
  return {
    id: u.id,
    company_id: u.companyId,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    name: `${u.firstName} ${u.lastName}`.trim(),
    phone: u.phone,
    address: u.address,
    parish_id: u.parishId,
    trn: u.trn,
    mailbox_number: u.mailboxNumber,
    role: u.role,
    is_superadmin: u.isSuperadmin,
    email_verified: u.emailVerifiedAt !== null,
    locale: isLocale(u.locale) ? u.locale : null,
    created_at: u.createdAt.toISOString(),
  };
}
