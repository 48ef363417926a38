import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AuditChanges } from '../../contract/audit';
import type { DutyEstimate } from '../../contract/duty';
import {
  type CreateRateVersionBody,
  createRateVersionBodySchema,
  type RatePreviewBody,
  type RatesOverview,
  type RateVersion,
  ratePreviewBodySchema,
  rateSetSchema,
} from '../../contract/rates';
import { type AuditService, diff, flatten } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { CompanyRow, UserRow } from '../db/rows';
import { rateVersions, users } from '../db/schema';
import { conflict, fieldError, notFound } from '../errors';
import { estimateOn } from '../estimator/estimator.service';
import { t } from '../i18n';
import { categoryInForce, inForceAt, rateDateOf } from './in-force';

/** How far in the past a new version may start: the time the admin took to press "Save rates" after "now". */
export const PAST_TOLERANCE_MS = 5 * 60_000;

/** Every field that differs, rows only in one side included (a removed bracket reads [before, null]). */
export function changesBetween(before: unknown, after: unknown): AuditChanges {
  const was = flatten(before);
  const now = flatten(after);
  const changes = diff(was, now);
  for (const [k, v] of Object.entries(was)) if (!(k in now)) changes[k] = [v, null];
  return changes;
}

type VersionRow = typeof rateVersions.$inferSelect & { firstName: string | null; lastName: string | null };

function toRateVersion(r: VersionRow): RateVersion {
  return {
    id: r.id,
    effective_from: r.effectiveFrom.toISOString(),
    rates: rateSetSchema.parse(r.rates),
    note: r.note,
    created_by: r.createdBy
      ? { id: r.createdBy, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() }
      : null,
    created_at: r.createdAt.toISOString(),
  };
}

/** The company's rate versions (admins): what is in force, what is scheduled, what was; a new one; a preview. */
export function createRatesService({ db, audit }: { db: Db; audit: AuditService }) {
  async function versionsOf(q: Db, companyId: string): Promise<VersionRow[]> {
    const rows = await q
      .select({ v: rateVersions, firstName: users.firstName, lastName: users.lastName })
      .from(rateVersions)
      .leftJoin(users, eq(users.id, rateVersions.createdBy))
      .where(eq(rateVersions.companyId, companyId))
      .orderBy(asc(rateVersions.effectiveFrom));
    return rows.map(({ v, firstName, lastName }) => ({ ...v, firstName, lastName }));
  }

  return {
    async overview(company: CompanyRow): Promise<RatesOverview> {
      const now = new Date();
      const all = await versionsOf(db, company.id);
      const current = inForceAt(all, now);
      return {
        company_id: company.id,
        currency: company.currency,
        now: now.toISOString(),
        current: current ? toRateVersion(current) : null,
        scheduled: all.filter((v) => v.effectiveFrom > now).map(toRateVersion),
        history: all
          .filter((v) => v.effectiveFrom <= now && v !== current)
          .reverse()
          .map(toRateVersion),
      };
    },

    /**
     * A new version, from `effective_from` (now, within a few minutes' tolerance, or later). The audit entry says what
     * changed against the version it replaces at that time, and from when.
     */
    async create(company: CompanyRow, actor: UserRow, input: CreateRateVersionBody): Promise<RateVersion> {
      const body = createRateVersionBodySchema.parse(input);
      const from = new Date(body.effective_from);
      if (from.getTime() < Date.now() - PAST_TOLERANCE_MS) {
        throw fieldError('effective_from', msg`Choose now or a later time: a change never rewrites the past`);
      }
      try {
        return await db.transaction(async (tx) => {
          const before = inForceAt(await versionsOf(tx, company.id), from);
          const [row] = await tx
            .insert(rateVersions)
            .values({
              companyId: company.id,
              effectiveFrom: from,
              rates: body.rates,
              note: body.note,
              createdBy: actor.id,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await audit.record(tx, company, actor, {
            entity: 'rates',
            entityId: company.id,
            action: from.getTime() > Date.now() ? 'scheduled' : 'changed',
            changes: changesBetween(before ? before.rates : {}, body.rates),
            note: `Rates effective from ${from.toISOString()}${body.note ? `: ${body.note}` : ''}`,
          });
          return toRateVersion({ ...row, firstName: actor.firstName, lastName: actor.lastName });
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict(msg`Another version starts at that exact time`, {
            effective_from: [
              t(msg`Another version starts at that exact time: pick another time or delete it`),
            ],
          });
        }
        throw err;
      }
    },

    /** Deletes a version that has not started; one that is or was in force stays, as history. */
    async remove(company: CompanyRow, actor: UserRow, id: number): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(rateVersions)
          .where(and(eq(rateVersions.id, id), eq(rateVersions.companyId, company.id)))
          .limit(1);
        if (!row) throw notFound(msg`Rate version not found`);
        const [gone] = await tx
          .delete(rateVersions)
          .where(and(eq(rateVersions.id, id), gt(rateVersions.effectiveFrom, new Date())))
          .returning({ id: rateVersions.id });
        if (!gone) throw conflict(msg`This version is or was in force: only a scheduled one can be deleted`);
        await audit.record(tx, company, actor, {
          entity: 'rates',
          entityId: company.id,
          action: 'unscheduled',
          changes: changesBetween(row.rates, {}),
          note: `Scheduled rates from ${row.effectiveFrom.toISOString()} deleted`,
        });
        return { id: gone.id };
      });
    },

    /** What the sample parcel would cost under the draft rates: the estimator's own computation (estimateOn). */
    async preview(company: CompanyRow, input: RatePreviewBody): Promise<DutyEstimate> {
      const body = ratePreviewBodySchema.parse(input);
      const now = new Date();
      const [category, settings] = await Promise.all([
        categoryInForce(db, company.id, body.sample.category_id, now),
        settingsOf(db, company.id),
      ]);
      if (!category) throw fieldError('sample.category_id', msg`Choose a category from the list`);
      return estimateOn(company, body.sample, {
        rates: body.rates,
        rateDate: rateDateOf({ effectiveFrom: now, createdAt: now }),
        category,
        customs: settings.customs,
      });
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
