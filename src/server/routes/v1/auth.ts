import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBodySchema,
  logoutBodySchema,
  passwordResetBodySchema,
  refreshBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokensSchema,
  verificationBodySchema,
} from '../../../contract/auth';
import { envelope, okSchema } from '../../../contract/envelope';
import { userSchema } from '../../../contract/users';
import { linkOrigin } from '../../origin';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { requireCompany } from '../../plugins/tenant';
import { toUser } from '../../services/presenters';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.authService;
  const limit = {
    rateLimit: { max: app.config.rateLimits.auth, timeWindow: app.config.rateLimits.windowMs },
  };
  const tokensReply = { 200: envelope(tokensSchema), 201: envelope(tokensSchema) };

  app.post(
    '/v1/auth/register',
    {
      config: limit,
      schema: {
        tags,
        body: registerBodySchema,
        response: { 201: okSchema },
        description:
          'The reply is the same whether or not the email already has an account (its owner is mailed instead), so it tells nobody which addresses have accounts. Sign in with the same email and password to continue.',
      },
    },
    async (request, reply) => {
      const company = requireCompany(request);
      await auth.register(company, request.body, linkOrigin(request, app.config));
      return reply.code(201).send(ok(null, 'Check your email to finish signing up', 201));
    },
  );

  app.post(
    '/v1/auth/login',
    { config: limit, schema: { tags, body: loginBodySchema, response: tokensReply } },
    async (request) => ok(await auth.login(requireCompany(request), request.body), 'Signed in'),
  );

  app.post(
    '/v1/auth/refresh',
    {
      config: {
        rateLimit: { max: app.config.rateLimits.refresh, timeWindow: app.config.rateLimits.windowMs },
      },
      schema: { tags, body: refreshBodySchema, response: tokensReply },
    },
    async (request) =>
      ok(await auth.refresh(requireCompany(request), request.body.refreshToken), 'Session renewed'),
  );

  app.post(
    '/v1/auth/logout',
    // A POST without any body reaches validation as null: signing out needs no token, so accept it.
    { schema: { tags, body: logoutBodySchema.nullish(), response: { 200: okSchema } } },
    async (request) => {
      await auth.logout(requireCompany(request), request.body?.refreshToken);
      return ok(null, 'Signed out');
    },
  );

  app.post(
    '/v1/auth/verification',
    {
      config: limit,
      schema: { tags, body: verificationBodySchema, response: { 200: envelope(userSchema) } },
    },
    async (request) =>
      ok(toUser(await auth.verifyEmail(requireCompany(request), request.body.token)), 'Email verified'),
  );

  app.post(
    '/v1/auth/passwordReset',
    { config: limit, schema: { tags, body: passwordResetBodySchema, response: { 200: okSchema } } },
    async (request) => {
      const company = requireCompany(request);
      auth.requestPasswordReset(company, request.body.email, linkOrigin(request, app.config));
      return ok(null, 'If an account uses this email, a reset link is on its way');
    },
  );

  app.post(
    '/v1/auth/Resetpassword',
    { config: limit, schema: { tags, body: resetPasswordBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await auth.resetPassword(requireCompany(request), request.body.token, request.body.password);
      return ok(null, 'Password changed; sign in with your new password');
    },
  );

  app.get(
    '/v1/auth/me',
    {
      preHandler: guard(),
      schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(userSchema) } },
    },
    async (request) => ok(toUser(authOf(request).user)),
  );

  app.post(
    '/api/v1/emailtemplates/send-verification-email/:id',
    {
      config: limit,
      preHandler: guard(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid('Not a valid user id') }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      const result = await auth.resendVerificationFor(
        company,
        user,
        request.params.id,
        linkOrigin(request, app.config),
      );
      return ok(null, result === 'verified' ? 'This email is already verified' : 'Verification email sent');
    },
  );
};
