import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { dutyCategoryAdminEndpoints as duties, rateEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Rates and duty categories, effective-dated (admins of the company). */
export const ratesRoutes: FastifyPluginAsync<Pick<Services, 'rates' | 'dutyCategories'>> = async (
  app,
  { rates, dutyCategories },
) => {
  route(app, ep.overview, async (request) => ok(await rates.overview(authOf(request).company)));

  route(app, ep.create, async (request) => {
    const { company, user } = authOf(request);
    return ok(await rates.create(company, user, request.body), t(msg`Rates saved`), 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    return ok(await rates.remove(company, user, request.params.id), t(msg`Scheduled rates deleted`));
  });

  route(app, ep.preview, async (request) => ok(await rates.preview(authOf(request).company, request.body)));

  route(app, duties.list, async (request) => ok(await dutyCategories.list(authOf(request).company)));

  route(app, duties.create, async (request) => {
    const { company, user } = authOf(request);
    return ok(await dutyCategories.create(company, user, request.body), t(msg`Duty category added`), 201);
  });

  route(app, duties.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await dutyCategories.update(company, user, request.params.id, request.body),
      'Duty category saved',
    );
  });

  route(app, duties.retire, async (request) => {
    const { company, user } = authOf(request);
    return ok(await dutyCategories.retire(company, user, request.params.id), t(msg`Duty category retired`));
  });
};
