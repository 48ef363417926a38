import { msg } from '@lingui/core/runtime-macro';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Company, CompanyAdmin, createCompanyBodySchema } from '../../contract/companies';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { companies } from '../db/schema';
import { wrote } from '../db/writes';
import { conflict, notFound } from '../errors';
import { t } from '../i18n';
import { toCompany, toCompanyAdmin } from '../presenters';
import { ratesInForce } from '../rates/in-force';
import { hostsByCompany, insertCompany, prefixTaken, slugTaken, takenHosts } from './company-rows';
import { type CompanyDisplay, displayOf } from './time-zones';

type CreateCompanyBody = z.output<typeof createCompanyBodySchema>;

/** Companies as the platform superadmin manages them, and a company as its own users read it. */
export function createCompanyService({ db }: { db: Db }) {
  /** The exchange rate in force (rates/in-force.ts owns it; the column is only what a new company starts with). */
  async function rateOf(companyId: string) {
    const r = await ratesInForce(db, companyId);
    return { exchange_rate: r.exchange_rate, exchange_rate_date: r.rateDate };
  }

  return {
    async list(): Promise<CompanyAdmin[]> {
      const rows = await db.select().from(companies).orderBy(asc(companies.name));
      const hosts = await hostsByCompany(
        db,
        rows.map((r) => r.id),
      );
      const shown = await Promise.all(rows.map((r) => displayOf(db, r.id)));
      return rows.map((r, i) => toCompanyAdmin(r, hosts.get(r.id) ?? [], shown[i] as CompanyDisplay));
    },

    /** The company of the request's host as the PWA brands itself with it (`/v1/companies/me`, the app's page). */
    async current(company: CompanyRow): Promise<Company> {
      return { ...toCompany(company, await displayOf(db, company.id)), ...(await rateOf(company.id)) };
    },

    /** Your own company, or any for the platform superadmin; others are as good as absent. */
    async one(own: CompanyRow, caller: UserRow, id: string): Promise<Company> {
      if (id !== own.id && !caller.isSuperadmin) throw notFound(msg`Company not found`);
      const row = await db.query.companies.findFirst({ where: eq(companies.id, id) });
      if (!row) throw notFound(msg`Company not found`);
      return { ...toCompany(row, await displayOf(db, row.id)), ...(await rateOf(row.id)) };
    },

    /** A new company with its host names and the template (menus, account defaults), in one transaction. */
    async create(body: CreateCompanyBody): Promise<CompanyAdmin> {
      const hostnames = [...new Set(body.hostnames)];
      const created = await db.transaction(async (txRaw) => {
        // drizzle's transaction type lacks the client's `$client`; it runs the same queries.
        const tx = txRaw as unknown as Db;
        if (await slugTaken(tx, body.slug)) {
          throw conflict(msg`A company with this slug exists`, { slug: [t(msg`This slug is taken`)] });
        }
        const hostTaken = await takenHosts(tx, hostnames);
        if (hostTaken.length > 0) {
          throw conflict(msg`A host name is already in use`, {
            hostnames: [`Already in use: ${hostTaken.join(', ')}`],
          });
        }
        if (await prefixTaken(tx, body.mailbox_prefix)) {
          throw conflict(msg`A mailbox prefix is already in use`, {
            mailbox_prefix: [`${body.mailbox_prefix} is used by another company`],
          });
        }
        return insertCompany(
          tx,
          {
            slug: body.slug,
            name: body.name,
            shortName: body.short_name ?? body.name,
            logoUrl: body.logo_url ?? '',
            primaryColor: body.primary_color ?? '#6d28d9',
            supportEmail: body.support_email ?? '',
            supportPhone: body.support_phone ?? '',
            website: body.website ?? '',
            warehouseAddress: body.warehouse_address,
            mailboxPrefix: body.mailbox_prefix,
            currency: body.currency ?? 'JMD',
            ...(body.exchange_rate ? { exchangeRate: body.exchange_rate } : {}),
          },
          hostnames,
        );
      });
      // Committed: every instance's host lookup (which may have cached "no company here") must look again.
      wrote(db, 'companies', 'company_hosts');
      return toCompanyAdmin(created, hostnames, await displayOf(db, created.id));
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
