import { msg } from '@lingui/core/runtime-macro';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  type AdminDutyCategory,
  type CreateDutyCategoryBody,
  createDutyCategoryBodySchema,
  type UpdateDutyCategoryBody,
  updateDutyCategoryBodySchema,
} from '../../contract/rates';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { CompanyRow, UserRow } from '../db/rows';
import { dutyCategories, dutyCategoryRates } from '../db/schema';
import { conflict, fieldError, notFound } from '../errors';
import { t } from '../i18n';
import { inForceAt } from './in-force';
import { changesBetween, PAST_TOLERANCE_MS } from './rates.service';

type CategoryRow = typeof dutyCategories.$inferSelect;
type RateRow = typeof dutyCategoryRates.$inferSelect;

const ratesView = (r: RateRow) => ({
  effective_from: r.effectiveFrom.toISOString(),
  duty_rate: r.dutyRate,
  gct_rate: r.gctRate,
  other_rate: r.otherRate,
  other_label: r.otherLabel,
});

function toAdminCategory(c: CategoryRow, rates: readonly RateRow[], now: Date): AdminDutyCategory {
  const own = rates.filter((r) => r.categoryId === c.id);
  const current = inForceAt(own, now);
  const retired = !!c.retiredAt && c.retiredAt <= now;
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    status: retired ? 'retired' : current ? 'active' : 'scheduled',
    retired_at: c.retiredAt ? c.retiredAt.toISOString() : null,
    current: current ? ratesView(current) : null,
    scheduled: own
      .filter((r) => r.effectiveFrom > now)
      .sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime())
      .map(ratesView),
  };
}

/** A change may start now (within a few minutes' tolerance) or later, never in the past. */
function startOf(iso: string): Date {
  const from = new Date(iso);
  if (from.getTime() < Date.now() - PAST_TOLERANCE_MS) {
    throw fieldError('effective_from', msg`Choose now or a later time: a change never rewrites the past`);
  }
  return from;
}

const sameInstant = () =>
  conflict(msg`These rates already change at that exact time`, {
    effective_from: [t(msg`These rates already change at that exact time: pick another time`)],
  });

/** Duty categories (admins): add, change (a new rate version from a time), retire; never deleted. */
export function createDutyCategoriesService({ db, audit }: { db: Db; audit: AuditService }) {
  async function load(q: Db, companyId: string, id?: number) {
    const cats = await q
      .select()
      .from(dutyCategories)
      .where(and(eq(dutyCategories.companyId, companyId), id ? eq(dutyCategories.id, id) : undefined))
      .orderBy(asc(dutyCategories.sortOrder), asc(dutyCategories.id));
    const rates = await q
      .select()
      .from(dutyCategoryRates)
      .where(
        and(
          eq(dutyCategoryRates.companyId, companyId),
          id ? eq(dutyCategoryRates.categoryId, id) : undefined,
        ),
      );
    return { cats, rates };
  }

  async function one(q: Db, company: CompanyRow, id: number): Promise<AdminDutyCategory> {
    const { cats, rates } = await load(q, company.id, id);
    const c = cats[0];
    if (!c) throw notFound(msg`Duty category not found`);
    return toAdminCategory(c, rates, new Date());
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw sameInstant();
      throw err;
    }
  }

  return {
    async list(company: CompanyRow): Promise<AdminDutyCategory[]> {
      const { cats, rates } = await load(db, company.id);
      const now = new Date();
      return cats.map((c) => toAdminCategory(c, rates, now));
    },

    async create(
      company: CompanyRow,
      actor: UserRow,
      input: CreateDutyCategoryBody,
    ): Promise<AdminDutyCategory> {
      const body = createDutyCategoryBodySchema.parse(input);
      const from = startOf(body.effective_from);
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: dutyCategories.id })
          .from(dutyCategories)
          .where(and(eq(dutyCategories.companyId, company.id), eq(dutyCategories.code, body.code)))
          .limit(1);
        if (taken)
          throw conflict(msg`That code is taken`, { code: [t(msg`Another category has this code`)] });
        const [last] = await tx
          .select({ sortOrder: dutyCategories.sortOrder })
          .from(dutyCategories)
          .where(eq(dutyCategories.companyId, company.id))
          .orderBy(desc(dutyCategories.sortOrder))
          .limit(1);
        const [row] = await tx
          .insert(dutyCategories)
          .values({
            companyId: company.id,
            code: body.code,
            name: body.name,
            description: body.description,
            sortOrder: (last?.sortOrder ?? 0) + 1000,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        const rates = {
          duty_rate: body.duty_rate,
          gct_rate: body.gct_rate,
          other_rate: body.other_rate,
          other_label: body.other_label,
        };
        await tx.insert(dutyCategoryRates).values({
          companyId: company.id,
          categoryId: row.id,
          effectiveFrom: from,
          dutyRate: body.duty_rate,
          gctRate: body.gct_rate,
          otherRate: body.other_rate,
          otherLabel: body.other_label,
          createdBy: actor.id,
        });
        await audit.record(tx, company, actor, {
          entity: 'duty_category',
          entityId: String(row.id),
          action: 'created',
          changes: changesBetween({}, { name: body.name, ...rates }),
          note: `Duty category ${body.name}, rates effective from ${from.toISOString()}`,
        });
        return one(tx, company, row.id);
      });
    },

    /** Name and description now; the rates as a new version from `effective_from`. */
    async update(
      company: CompanyRow,
      actor: UserRow,
      id: number,
      input: UpdateDutyCategoryBody,
    ): Promise<AdminDutyCategory> {
      const body = updateDutyCategoryBodySchema.parse(input);
      const from = startOf(body.effective_from);
      return guarded(() =>
        db.transaction(async (tx) => {
          const { cats, rates } = await load(tx, company.id, id);
          const c = cats[0];
          if (!c) throw notFound(msg`Duty category not found`);
          if (c.retiredAt && c.retiredAt <= new Date()) throw conflict(msg`This category is retired`);
          const was = inForceAt(rates, from);
          await tx
            .update(dutyCategories)
            .set({ name: body.name, description: body.description })
            .where(eq(dutyCategories.id, id));
          await tx.insert(dutyCategoryRates).values({
            companyId: company.id,
            categoryId: id,
            effectiveFrom: from,
            dutyRate: body.duty_rate,
            gctRate: body.gct_rate,
            otherRate: body.other_rate,
            otherLabel: body.other_label,
            createdBy: actor.id,
          });
          const before = {
            name: c.name,
            description: c.description,
            ...(was ? { ...ratesView(was), effective_from: undefined } : {}),
          };
          const after = {
            name: body.name,
            description: body.description,
            duty_rate: body.duty_rate,
            gct_rate: body.gct_rate,
            other_rate: body.other_rate,
            other_label: body.other_label,
          };
          await audit.record(tx, company, actor, {
            entity: 'duty_category',
            entityId: String(id),
            action: 'updated',
            changes: changesBetween(before, after),
            note: `Rates effective from ${from.toISOString()}`,
          });
          return one(tx, company, id);
        }),
      );
    },

    /** No longer offered from now on; invoices that used it keep their lines, and it is never deleted. */
    async retire(company: CompanyRow, actor: UserRow, id: number): Promise<AdminDutyCategory> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(dutyCategories)
          .set({ retiredAt: now })
          .where(
            and(
              eq(dutyCategories.id, id),
              eq(dutyCategories.companyId, company.id),
              isNull(dutyCategories.retiredAt),
            ),
          )
          .returning({ id: dutyCategories.id });
        if (!row) {
          await one(tx, company, id); // 404 when it is not the company's
          throw conflict(msg`This category is already retired`);
        }
        await audit.record(tx, company, actor, {
          entity: 'duty_category',
          entityId: String(id),
          action: 'retired',
          changes: { status: ['active', 'retired'] },
          note: `Retired from ${now.toISOString()}`,
        });
        return one(tx, company, id);
      });
    },
  };
}

export type DutyCategoriesService = ReturnType<typeof createDutyCategoriesService>;
