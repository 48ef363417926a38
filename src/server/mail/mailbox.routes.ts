import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../contract/envelope';
import type { Config } from '../config';
import { forbidden, notFound } from '../errors';
import { ok } from '../http/envelope';
import { requireCompany } from '../http/tenant';
import type { Mailer } from './mailer';

const mailSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  time: z.string(),
  /** What was attached (a parcel's photo, an invoice's PDF), by name, type and size (older mail: no size). */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int().optional() }))
    .optional(),
});

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const isLoopback = (address: string | undefined) =>
  !!address && (/^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address));

/**
 * Whether the local mailbox is served at all: only with no SMTP server, never in production, and by default only
 * while the server listens on loopback (so it is reachable from this machine alone). `DEV_MAILBOX=true` serves it
 * when listening on the network too; each request must still come from loopback.
 */
export function mailboxServed(config: Config, mailMode: 'smtp' | 'local'): boolean {
  if (mailMode !== 'local' || config.production || config.devMailbox === 'false') return false;
  const loopbackHost = config.host === 'localhost' || isLoopback(config.host);
  return loopbackHost || config.devMailbox === 'true';
}

/**
 * The local mailbox, so sign-up and password reset work on a machine without mail. Its reset and verification
 * links are keys to accounts, so it answers only the person at this machine (a loopback client: behind a trusted
 * proxy, the client the proxy saw), and only with the mail of the company whose host was asked.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ config: Config; mailer: Mailer }> = async (
  app,
  { config, mailer },
) => {
  if (!mailboxServed(config, mailer.mode)) return;
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(request.ip))
      throw forbidden(msg`The local mailbox can only be read on the server machine`);
  });

  app.get(
    '/dev/mailbox.json',
    {
      schema: {
        tags: ['dev'],
        operationId: 'devMailbox',
        summary: 'The local mailbox of this host (on the server machine only)',
        response: { 200: envelope(z.array(mailSchema)) },
      },
    },
    async (request) => ok(await mailer.list(requireCompany(request).id)),
  );

  app.get(
    '/dev/mailbox/:id/attachments/:index',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(80), index: z.coerce.number().int().min(0).max(99) }),
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const file = await mailer.attachment(requireCompany(request).id, id, index);
      if (!file) throw notFound(msg`No such attachment in this mailbox`);
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
        .send(file.content);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const company = requireCompany(request);
    const mails = await mailer.list(company.id);
    const rows = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.time).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</p>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>${m.attachments?.length ? `<p class="meta">Attached: ${m.attachments.map((a, i) => `<a href="/dev/mailbox/${encodeURIComponent(m.id)}/attachments/${i}">${escapeHtml(a.filename)}</a>`).join(', ')}</p>` : ''}
<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:18px;margin:0 0 4px}.meta{color:#4b5563;margin:0}
pre{white-space:pre-wrap}a{color:#5b21b6;word-break:break-all}</style></head><body><h1>Local mailbox</h1>
<p>Mail the portal sent for ${escapeHtml(company.name)} while no SMTP server is configured, newest first. <a href="/dev/mailbox.json">JSON</a></p>
${rows || '<p>No mail yet.</p>'}</body></html>`);
  });
};
