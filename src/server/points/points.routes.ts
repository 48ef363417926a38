import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { pointsEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The caller's points ledger, and staff adjustments (a deduction past the balance is refused). */
export const pointsRoutes: FastifyPluginAsync<Pick<Services, 'points'>> = async (app, { points }) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await points.list(company, user, request.query));
  });

  route(app, ep.adjust, async (request) => {
    const { company, user } = authOf(request);
    return ok(await points.adjust(company, user, request.body), t(msg`Points recorded`), 201);
  });
};
