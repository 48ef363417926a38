import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { brandIconPng } from './brand-icons';

type Manifest = Record<string, unknown> & { shortcuts?: { icons?: unknown }[] };

const ICONS = {
  'any-192': { size: 192, purpose: 'any' },
  'any-512': { size: 512, purpose: 'any' },
  'maskable-512': { size: 512, purpose: 'maskable' },
} as const;

/**
 * The install manifest, per host: the top-level manifest.webmanifest is the template, and the company of the host
 * gives the name, colours and icons, so a Blue Parcel customer installs "Blue Parcel", not this product.
 */
export const webManifestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
  const icons = new Map<string, Buffer>();

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const base = await loadTemplate();
    const c = request.company;
    const manifest: Manifest = c
      ? {
          ...base,
          name: c.name,
          short_name: c.shortName.length <= 12 ? c.shortName : c.name.split(' ')[0],
          description: `${c.name}: track your packages, send pre-alerts with invoices, estimate duty and read your invoices.`,
          theme_color: c.primaryColor,
          background_color: '#ffffff',
          icons: Object.entries(ICONS).map(([name, i]) => ({
            src: `/brand-icons/${name}.png`,
            sizes: `${i.size}x${i.size}`,
            type: 'image/png',
            purpose: i.purpose,
          })),
          shortcuts: (base.shortcuts ?? []).map((s) => ({
            ...s,
            icons: [{ src: '/brand-icons/any-192.png', sizes: '192x192', type: 'image/png' }],
          })),
        }
      : base;
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(manifest));
  });

  app.get(
    '/brand-icons/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(40) }) } },
    async (request, reply) => {
      const name = request.params.name.replace(/\.png$/, '');
      // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
      if (!Object.hasOwn(ICONS, name)) return reply.callNotFound();
      const spec = ICONS[name as keyof typeof ICONS];
      const color = request.company?.primaryColor ?? '#6d28d9';
      const key = `${color}-${request.params.name}`;
      let png = icons.get(key);
      if (!png) {
        png = brandIconPng(spec.size, color, spec.purpose);
        icons.set(key, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png);
    },
  );
};
