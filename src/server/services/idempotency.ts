import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from '../errors';
import type { UserRow } from '../plugins/auth';
import type { CompanyRow } from '../plugins/tenant';

export const IDEMPOTENCY_TTL_MS = 48 * 3600_000;
const ABANDONED_AFTER_MS = 10 * 60_000;
const KEY_RE = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The Idempotency-Key header, validated; undefined when the call was made without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_RE.test(key)) {
    throw new ApiError(400, 'Idempotency-Key must be 8–200 letters, digits or -_.:');
  }
  return key;
}

/** A stable digest of what a request asks for: method, path, fields (sorted) and the files' hashes in order. */
export function requestDigest(
  method: string,
  path: string,
  fields: Record<string, string>,
  files: { name: string; sha256: string }[],
): string {
  const h = createHash('sha256');
  h.update(`${method} ${path}\n`);
  for (const k of Object.keys(fields).sort()) h.update(`${k}=${fields[k]}\n`);
  for (const f of files) h.update(`file ${f.name} ${f.sha256}\n`);
  return h.digest('hex');
}

/** A stable digest of a JSON call: method, path and the (validated) body with its keys sorted at every level. */
export function jsonDigest(method: string, path: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(body) ?? null)}`)
    .digest('hex');
}

export type Replay = { status: number; body: unknown };

export function createIdempotency(db: Db) {
  let lastSweep = 0;

  async function sweep() {
    // Opportunistic: expired replies go at most once a minute, on the write path that creates them.
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date()));
  }

  return {
    /**
     * Runs `work` once per (company, user, key). A repeat with the same digest gets the stored reply; with another
     * digest, 422; while the first is still running, 409 (the client retries later). Only success replies are kept:
     * a failed call created nothing, so running it again is safe.
     */
    async run(
      reply: FastifyReply,
      scope: { company: CompanyRow; user: UserRow; key: string | undefined; digest: string },
      work: () => Promise<Replay>,
      onReplay?: () => Promise<void>,
    ) {
      const { company, user, key, digest } = scope;
      if (!key) {
        const r = await work();
        return reply.code(r.status).send(r.body);
      }
      await sweep();
      const where = and(
        eq(idempotencyKeys.companyId, company.id),
        eq(idempotencyKeys.userId, user.id),
        eq(idempotencyKeys.key, key),
      );
      const claim = () =>
        db
          .insert(idempotencyKeys)
          .values({
            companyId: company.id,
            userId: user.id,
            key,
            requestDigest: digest,
            expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
      let claimed = await claim();
      if (claimed.length === 0) {
        // A claim still "running" long after any request could take is a process that died mid-way: take it over.
        const abandoned = await db
          .delete(idempotencyKeys)
          .where(
            and(
              where,
              eq(idempotencyKeys.state, 'running'),
              lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (abandoned.length > 0) claimed = await claim();
      }
      if (claimed.length === 0) {
        await onReplay?.();
        const [prior] = await db.select().from(idempotencyKeys).where(where).limit(1);
        if (!prior)
          throw new ApiError(409, 'This request is being processed; try again shortly', undefined, {
            'retry-after': '2',
          });
        if (prior.requestDigest !== digest) {
          throw new ApiError(422, 'This Idempotency-Key was already used for a different request');
        }
        if (prior.state !== 'done') {
          throw new ApiError(409, 'This request is still being processed; try again shortly', undefined, {
            'retry-after': '2',
          });
        }
        return reply
          .code(prior.responseStatus ?? 200)
          .header('idempotent-replayed', 'true')
          .send(prior.responseBody);
      }
      let result: Replay;
      try {
        result = await work();
      } catch (err) {
        await db.delete(idempotencyKeys).where(where);
        throw err;
      }
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: result.status, responseBody: result.body })
        .where(where);
      return reply.code(result.status).send(result.body);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
