import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyAdminSchema, companySchema, createCompanyBodySchema } from '../../../contract/companies';
import { envelope, uuidParamSchema } from '../../../contract/envelope';
import { authOf, guard } from '../../plugins/auth';
import { ok, sendNotFound } from '../../plugins/envelope';
import { toCompany } from '../../services/presenters';

const tags = ['companies'];
const security = [{ bearer: [] }];

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.companies;
  const platform = guard({ superadmin: true });

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
      preHandler: platform,
      schema: { tags, security, response: { 200: envelope(z.array(companyAdminSchema)) } },
    },
    async () => ok(await svc.list()),
  );

  app.get(
    '/v1/companies/:id',
    {
      preHandler: guard(),
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(companySchema) } },
    },
    async (request) => {
      const { user, company } = authOf(request);
      return ok(await svc.one(company, user, request.params.id));
    },
  );

  app.post(
    '/v1/companies',
    {
      preHandler: platform,
      schema: {
        tags,
        security,
        body: createCompanyBodySchema,
        response: { 201: envelope(companyAdminSchema) },
      },
    },
    async (request, reply) => {
      const created = await svc.create(request.body);
      app.tenants.invalidate();
      return reply.code(201).send(ok(created, 'Company created', 201));
    },
  );
};
