import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { menuEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Navigation menus of the caller's company; items are filtered by the caller's role (admins see all to edit them). */
export const menuRoutes: FastifyPluginAsync<Pick<Services, 'menus'>> = async (app, { menus: svc }) => {
  route(app, ep.list, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.list(company.id, user));
  });

  route(app, ep.one, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.one(company.id, user, request.params.id));
  });

  route(app, ep.addItem, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.addItem(company, user, request.body), t(msg`Menu item added`), 201);
  });

  route(app, ep.updateItem, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.updateItem(company, user, request.params.id, request.body), t(msg`Menu item saved`));
  });

  route(app, ep.removeItem, async (request) => {
    const { user, company } = authOf(request);
    const { childrenMoved } = await svc.removeItem(company, user, request.params.id);
    return ok(
      null,
      childrenMoved
        ? `Menu item deleted; ${childrenMoved} child item(s) moved to the top level`
        : 'Menu item deleted',
    );
  });

  route(app, ep.reorder, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.reorder(company, user, request.params.id, request.body), t(msg`Menu order saved`));
  });
};
