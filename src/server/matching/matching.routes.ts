import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { matchingEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Staff: the pre-alert matching queues, matching by hand and cancelling with a reason. */
export const matchingRoutes: FastifyPluginAsync<Pick<Services, 'matching'> & { config: Config }> = async (
  app,
  { matching, config },
) => {
  route(app, ep.unmatched, async (request) =>
    ok(await matching.unmatched(authOf(request).company, request.query)),
  );

  route(app, ep.withoutPrealert, async (request) =>
    ok(await matching.withoutPrealert(authOf(request).company, request.query)),
  );

  route(app, ep.match, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    return ok(await matching.match(company, user, request.params.id, request.body, origin), t(msg`Matched`));
  });

  route(app, ep.cancel, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    return ok(
      await matching.cancel(company, user, request.params.id, request.body, origin),
      'Pre-alert cancelled',
    );
  });
};
