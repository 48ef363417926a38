import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, paginated, uuidParamSchema } from '../../../contract/envelope';
import {
  createInvoiceBodySchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceSummarySchema,
  updateInvoiceBodySchema,
} from '../../../contract/invoices';
import { linkOrigin } from '../../origin';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { contentDisposition } from '../../services/file-store';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** Invoices: customers see their own (never drafts), staff their company's and create, edit and send them. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.invoices;
  const verified = guard({ verified: true });
  const staffOnly = guard({ verified: true, roles: ['staff', 'admin'] });

  app.get(
    '/v1/invoices',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        querystring: invoiceListQuerySchema,
        response: { 200: envelope(paginated(invoiceSummarySchema)) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.list(company, user, request.query));
    },
  );

  app.get(
    '/v1/invoices/:id',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(invoiceDetailSchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.detail(company, user, request.params.id));
    },
  );

  app.get(
    '/v1/invoices/:id/pdf',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        params: uuidParamSchema,
        produces: ['application/pdf'],
        description: 'The invoice as a print-ready PDF (attachment).',
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const { filename, bytes } = await svc.pdf(company, user, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', filename))
        .header('cache-control', 'private, no-cache')
        .send(bytes);
    },
  );

  app.post(
    '/v1/invoices',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['staff', ...tags],
        security,
        body: createInvoiceBodySchema,
        response: { 201: envelope(invoiceDetailSchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const inv = await svc.create(company, user, request.body);
      return reply.code(201).send(ok(inv, 'Draft invoice created', 201));
    },
  );

  app.put(
    '/v1/invoices/:id',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['staff', ...tags],
        security,
        params: uuidParamSchema,
        body: updateInvoiceBodySchema,
        response: { 200: envelope(invoiceDetailSchema) },
      },
    },
    async (request) => {
      const { company } = authOf(request);
      const inv = await svc.update(company, request.params.id, request.body, linkOrigin(request, app.config));
      return ok(inv, 'Invoice saved');
    },
  );

  app.post(
    '/v1/invoices/:id/send',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['staff', ...tags],
        security,
        params: uuidParamSchema,
        description: 'Emails the invoice to the customer (a draft is issued first) and notifies them.',
        response: { 200: envelope(invoiceDetailSchema) },
      },
    },
    async (request) => {
      const { company } = authOf(request);
      const inv = await svc.send(company, request.params.id, linkOrigin(request, app.config));
      return ok(inv, 'Invoice sent');
    },
  );
};
