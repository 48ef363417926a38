import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrandAssets } from '../branding/brand-assets';
import type { Config } from '../config';
import { brandIconPng } from './brand-icons';
import { BRAND_ICONS, brandIconUrls, isBrandIcon } from './brand-urls';

type Manifest = Record<string, unknown> & { shortcuts?: { icons?: unknown }[] };

/**
 * The install manifest, per host: the top-level manifest.webmanifest is the template, and the company of the host
 * gives the name, colours and icons, so a Blue Parcel customer installs "Blue Parcel", not this product.
 */
export const webManifestRoutes: FastifyPluginAsyncZod<{
  config: Config;
  brandAssets: BrandAssets;
}> = async (app, { config, brandAssets }) => {
  const candidates = [join(config.webDir, 'manifest.webmanifest'), resolve('manifest.webmanifest')];
  let template: Manifest | undefined;
  async function loadTemplate(): Promise<Manifest> {
    if (template) return template;
    for (const file of candidates) {
      try {
        template = JSON.parse(await readFile(file, 'utf8')) as Manifest;
        return template;
      } catch {
        // try the next place
      }
    }
    template = { name: 'Customer portal', short_name: 'Portal', start_url: '/', display: 'standalone' };
    return template;
  }

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const base = await loadTemplate();
    const c = request.company;
    const icons = c ? brandIconUrls(c.logoUrl, c.primaryColor) : null;
    const manifest: Manifest =
      c && icons
        ? {
            ...base,
            name: c.name,
            short_name: c.shortName.length <= 12 ? c.shortName : c.name.split(' ')[0],
            description: `${c.name}: track your packages, send pre-alerts with invoices, estimate duty and read your invoices.`,
            theme_color: c.primaryColor,
            background_color: '#ffffff',
            icons: [
              { src: icons.any_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: icons.any_512, sizes: '512x512', type: 'image/png', purpose: 'any' },
              { src: icons.maskable_512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
            shortcuts: (base.shortcuts ?? []).map((s) => ({
              ...s,
              icons: [{ src: icons.any_192, sizes: '192x192', type: 'image/png' }],
            })),
          }
        : base;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });

  const DEFAULT_COLOR = '#6d28d9';
  async function sendIcon(
    request: FastifyRequest,
    reply: FastifyReply,
    version: string | null,
    file: string,
  ): Promise<FastifyReply> {
    const name = file.replace(/\.png$/, '');
    // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
    if (!isBrandIcon(name)) {
      reply.callNotFound();
      return reply;
    }
    const c = request.company;
    const spec = BRAND_ICONS[name];
    const png = c
      ? await brandAssets.icon(c, version, name)
      : brandIconPng(spec.size, DEFAULT_COLOR, spec.purpose === 'any' ? 'any' : 'maskable');
    if (!png) {
      reply.callNotFound();
      return reply;
    }
    // A versioned URL names these bytes for good; the plain one (older pages, installed apps) follows the brand.
    const cache = version === null ? 'public, max-age=3600' : 'public, max-age=31536000, immutable';
    return reply.type('image/png').header('cache-control', cache).send(png);
  }

  const nameParam = z.string().max(40);
  app.get(
    '/brand-icons/:name',
    { schema: { hide: true, params: z.object({ name: nameParam }) } },
    (request, reply) => sendIcon(request, reply, null, request.params.name),
  );
  app.get(
    '/brand-icons/:version/:name',
    { schema: { hide: true, params: z.object({ version: z.string().max(80), name: nameParam }) } },
    (request, reply) => sendIcon(request, reply, request.params.version, request.params.name),
  );

  /** The uploaded logo, as the header and the mails show it: public (the sign-in page is branded too). */
  app.get(
    '/brand/logo/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      const hash = /^([0-9a-f]{16})\.png$/.exec(request.params.file)?.[1];
      const png = hash && request.company ? await brandAssets.logo(request.company, hash) : null;
      if (!png) return reply.callNotFound();
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
    },
  );
};
