import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  pickLocale,
} from '../../contract/locales';
import { displayOf } from '../companies/time-zones';
import type { Db } from '../db';
import { loadCatalogs, localeStore } from './index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request is answered in (the locale cookie, else Accept-Language, else the company's default). */
    locale: Locale;
  }
}

/** The request's language among those its host's company offers. */
export async function requestLocale(db: Db, request: FastifyRequest): Promise<Locale> {
  const cookie = request.cookies?.[LOCALE_COOKIE];
  const header = request.headers['accept-language'];
  if (!request.company) {
    return pickLocale([cookie, ...acceptedLanguages(typeof header === 'string' ? header : undefined)]);
  }
  const { languages } = await displayOf(db, request.company.id);
  if (isLocale(cookie) && languages.offered.includes(cookie)) return cookie;
  return pickLocale(
    acceptedLanguages(typeof header === 'string' ? header : undefined),
    languages.offered,
    languages.default,
  );
}

/**
 * Runs the rest of each request (later hooks, the handler, the reply's serialisation) in its language, so `t` and
 * the contract's `tr` answer the caller in it. Registered right after the tenant plugin (it needs the company).
 */
export const localePlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  // A broken catalog stops the server here, before it serves anyone.
  loadCatalogs();
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    requestLocale(opts.db, request).then(
      (locale) => {
        request.locale = locale;
        localeStore.run(locale, done);
      },
      // The language is never a reason to refuse a request: it is answered in English.
      () => localeStore.run(DEFAULT_LOCALE, done),
    );
  });
});
