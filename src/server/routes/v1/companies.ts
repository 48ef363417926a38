import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyAdminSchema, companySchema, createCompanyBodySchema } from '../../../contract/companies';
import { envelope, uuidParamSchema } from '../../../contract/envelope';
import type { Db } from '../../db';
import { companies, companyHosts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { authOf, guard } from '../../plugins/auth';
import { ok, sendNotFound } from '../../plugins/envelope';
import { ensureAccountDefaults } from '../../services/account-settings';
import { toCompany, toCompanyAdmin } from '../../services/presenters';

const tags = ['companies'];

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function hostsOf(ids: string[]): Promise<Map<string, string[]>> {
    const rows = ids.length
      ? await db.select().from(companyHosts).where(inArray(companyHosts.companyId, ids))
      : [];
    const map = new Map<string, string[]>();
    for (const r of rows) map.set(r.companyId, [...(map.get(r.companyId) ?? []), r.hostname]);
    return map;
  }

  app.get(
    '/v1/companies/me',
    { schema: { tags, response: { 200: envelope(companySchema) } } },
    async (request, reply) => {
      // Public: the PWA brands itself with this before anyone signs in.
      if (!request.company) return sendNotFound(reply, '');
      return ok(toCompany(request.company));
    },
  );

  app.get(
    '/v1/companies',
    {
      preHandler: guard({ superadmin: true }),
      schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(z.array(companyAdminSchema)) } },
    },
    async () => {
      const rows = await db.select().from(companies).orderBy(asc(companies.name));
      const hosts = await hostsOf(rows.map((r) => r.id));
      return ok(rows.map((r) => toCompanyAdmin(r, hosts.get(r.id) ?? [])));
    },
  );

  app.get(
    '/v1/companies/:id',
    {
      preHandler: guard(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: uuidParamSchema,
        response: { 200: envelope(companySchema) },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      // Your own company, or any for the platform superadmin; others are as good as absent.
      if (request.params.id !== company.id && !user.isSuperadmin) throw notFound('Company not found');
      const row = await db.query.companies.findFirst({ where: eq(companies.id, request.params.id) });
      if (!row) throw notFound('Company not found');
      return ok(toCompany(row));
    },
  );

  app.post(
    '/v1/companies',
    {
      preHandler: guard({ superadmin: true }),
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: createCompanyBodySchema,
        response: { 201: envelope(companyAdminSchema) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const hostnames = [...new Set(b.hostnames)];
      const created = await db.transaction(async (tx) => {
        const slugTaken = await tx.query.companies.findFirst({ where: eq(companies.slug, b.slug) });
        if (slugTaken) throw conflict('A company with this slug exists', { slug: ['This slug is taken'] });
        const hostTaken = await tx
          .select()
          .from(companyHosts)
          .where(inArray(companyHosts.hostname, hostnames));
        if (hostTaken.length > 0) {
          throw conflict('A host name is already in use', {
            hostnames: [`Already in use: ${hostTaken.map((h) => h.hostname).join(', ')}`],
          });
        }
        const [row] = await tx
          .insert(companies)
          .values({
            slug: b.slug,
            name: b.name,
            shortName: b.short_name ?? b.name,
            logoUrl: b.logo_url ?? '',
            primaryColor: b.primary_color ?? '#6d28d9',
            supportEmail: b.support_email ?? '',
            supportPhone: b.support_phone ?? '',
            website: b.website ?? '',
            warehouseAddress: b.warehouse_address,
            mailboxPrefix: b.mailbox_prefix,
            currency: b.currency ?? 'JMD',
            ...(b.exchange_rate ? { exchangeRate: b.exchange_rate } : {}),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await tx.insert(companyHosts).values(hostnames.map((hostname) => ({ hostname, companyId: row.id })));
        await ensureAccountDefaults(tx as unknown as Db, row.id, row.slug);
        return row;
      });
      app.tenants.invalidate();
      return reply.code(201).send(ok(toCompanyAdmin(created, hostnames), 'Company created', 201));
    },
  );
};
