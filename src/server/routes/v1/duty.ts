import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dutyCalculatorBodySchema, dutyCategorySchema, dutyEstimateSchema } from '../../../contract/duty';
import { envelope } from '../../../contract/envelope';
import { feesSchema } from '../../../contract/fees';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const security = [{ bearer: [] }];

/** The duty and cost estimator and the fee schedule, from the company's settings (verified users). */
export const dutyRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.estimator;
  const verified = guard({ verified: true });

  app.get(
    '/v1/dutycategories',
    {
      preHandler: verified,
      schema: { tags: ['estimator'], security, response: { 200: envelope(z.array(dutyCategorySchema)) } },
    },
    async (request) => ok(await svc.categories(authOf(request).company)),
  );

  app.post(
    '/v1/dutycalculator',
    {
      preHandler: verified,
      schema: {
        tags: ['estimator'],
        security,
        description:
          'Landed-cost estimate in the company currency (integer cents), every line with the rate it used. value_usd and weight_lb take at most 2 decimals.',
        body: dutyCalculatorBodySchema,
        response: { 200: envelope(dutyEstimateSchema) },
      },
    },
    async (request) => ok(await svc.estimate(authOf(request).company, request.body), 'Estimate'),
  );

  app.get(
    '/v1/fees',
    { preHandler: verified, schema: { tags: ['fees'], security, response: { 200: envelope(feesSchema) } } },
    async (request) => ok(await svc.fees(authOf(request).company)),
  );
};
