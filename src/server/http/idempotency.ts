import { createHash } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from '../errors';

export const IDEMPOTENCY_TTL_MS = 48 * 3600_000;
const KEY_RE = /^[A-Za-z0-9_.:-]{8,200}$/;

/** The Idempotency-Key header, validated; undefined when the call was made without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_RE.test(key)) {
    throw new ApiError(400, msg`Idempotency-Key must be 8–200 letters, digits or -_.:`);
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

export function createIdempotency({ db }: { db: Db }) {
  let lastSweep = 0;

  async function sweep() {
    // Opportunistic: expired replies go at most once a minute, on the write path that creates them.
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date()));
  }

  type Outcome = { kind: 'done'; replay: Replay } | { kind: 'replayed'; replay: Replay };

  return {
    /**
     * Runs `work` once per (company, user, key), in ONE transaction with the key's record: the claim, the work's
     * rows and the stored reply commit together or not at all. A crash at any instant therefore leaves either
     * nothing (the retry does the work) or the work with its reply (the retry gets that reply): never a claim
     * without its work. A repeat that arrives while the first runs waits on the key's row (PostgreSQL's unique
     * index) and then gets the first one's reply; with another payload, 422. Only successes are kept: a failed
     * call rolls back its claim, so running it again is safe.
     */
    async run(
      reply: FastifyReply,
      scope: { company: CompanyRow; user: UserRow; key: string | undefined; digest: string },
      work: (tx: Db) => Promise<Replay>,
      onReplay?: () => Promise<void>,
    ) {
      const { company, user, key, digest } = scope;
      if (!key) {
        const r = await db.transaction((tx) => work(tx as unknown as Db));
        return reply.code(r.status).send(r.body);
      }
      await sweep();
      const where = and(
        eq(idempotencyKeys.companyId, company.id),
        eq(idempotencyKeys.userId, user.id),
        eq(idempotencyKeys.key, key),
      );
      const outcome = await db.transaction(async (txRaw): Promise<Outcome> => {
        const tx = txRaw as unknown as Db;
        // A record that is expired (not swept yet), or "running" from a version that committed claims apart from
        // the work, says nothing about this request: clear it and claim afresh.
        await tx
          .delete(idempotencyKeys)
          .where(
            and(where, or(eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.expiresAt, new Date()))),
          );
        const claimed = await tx
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
        if (claimed.length === 0) {
          // Another request with this key committed first (the insert waited for it): its reply is the answer.
          const [prior] = await tx.select().from(idempotencyKeys).where(where).limit(1);
          if (prior?.state !== 'done') {
            throw new ApiError(409, msg`This request is being processed; try again shortly`, undefined, {
              'retry-after': '2',
            });
          }
          if (prior.requestDigest !== digest) {
            throw new ApiError(422, msg`This Idempotency-Key was already used for a different request`);
          }
          return {
            kind: 'replayed',
            replay: { status: prior.responseStatus ?? 200, body: prior.responseBody },
          };
        }
        const result = await work(tx);
        await tx
          .update(idempotencyKeys)
          .set({ state: 'done', responseStatus: result.status, responseBody: result.body })
          .where(where);
        return { kind: 'done', replay: result };
      });
      if (outcome.kind === 'replayed') {
        await onReplay?.();
        return reply
          .code(outcome.replay.status)
          .header('idempotent-replayed', 'true')
          .send(outcome.replay.body);
      }
      return reply.code(outcome.replay.status).send(outcome.replay.body);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
