import type { estimatorSchemas } from './duty';
import { callsFor } from './endpoint';

/** The duty and landed-cost estimator, from the company's settings. */
export const estimatorCalls = callsFor<typeof estimatorSchemas>()({
  categories: {
    summary: 'List duty categories',
    method: 'GET',
    path: '/v1/dutycategories',
    access: 'verified',
    tags: ['estimator'],
  },
  calculate: {
    summary: 'Estimate duty and landed cost',
    method: 'POST',
    path: '/v1/dutycalculator',
    access: 'verified',
    tags: ['estimator'],
    description:
      'Landed-cost estimate in the company currency (integer cents), every line with the rate it used. value_usd and weight_lb take at most 2 decimals.',
  },
});
