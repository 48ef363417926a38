import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { brandingEndpoints as ep } from '../../contract/endpoints';
import { badRequest } from '../errors';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/**
 * Branding (admins of the company). After every change this instance's tenant cache is cleared at once (the
 * service's write notice reaches the other instances through the write bus), so the next page load shows it.
 */
export const brandingRoutes: FastifyPluginAsync<Pick<Services, 'branding'>> = async (
  app,
  { branding: svc },
) => {
  route(app, ep.get, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.get(company));
  });

  route(app, ep.update, async (request) => {
    const { user, company } = authOf(request);
    const saved = await svc.update(company, user, request.body);
    app.tenants.invalidate();
    return ok(saved, t(msg`Branding saved`));
  });

  route(app, ep.uploadLogo, async (request, _reply, { upload }) => {
    const { user, company } = authOf(request);
    const [file, ...more] = upload.files;
    if (!file) throw badRequest(msg`Validation failed`, { logo: ['Choose a PNG, JPEG or WebP image'] });
    if (more.length > 0) throw badRequest(msg`Validation failed`, { logo: ['Send one image'] });
    const saved = await svc.setLogo(company, user, file);
    app.tenants.invalidate();
    return ok(saved, t(msg`Logo saved`));
  });

  route(app, ep.removeLogo, async (request) => {
    const { user, company } = authOf(request);
    const saved = await svc.removeLogo(company, user);
    app.tenants.invalidate();
    return ok(saved, t(msg`Logo removed`));
  });
};
