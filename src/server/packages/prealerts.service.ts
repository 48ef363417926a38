import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Prealert, PrealertListQuery, prealertFieldsSchema } from '../../contract/packages';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { likePattern } from '../db/like';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, prealertFiles, prealerts } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type { FormUpload } from '../http/uploads';
import { t } from '../i18n';
import type { PointsService } from '../points/points.service';
import { awaitingParcel, duplicate, matchPrealert, prealertDtos, toCents } from './prealert-records';
import type { StoredFiles } from './stored-files';

type PrealertForm = FormUpload<z.output<typeof prealertFieldsSchema>>;

/** Pre-alerts: a customer announces a parcel (with its invoice) before it reaches the warehouse. */
export function createPrealertService(deps: {
  db: Db;
  storedFiles: StoredFiles;
  points: PointsService;
  log: FastifyBaseLogger;
}) {
  const { db, storedFiles, points, log } = deps;

  return {
    /**
     * Records a pre-alert with its files and the points bonus it earns, all in `tx` (the idempotency record
     * commits with them). A parcel already received with this tracking number is matched at once.
     */
    async create(company: CompanyRow, user: UserRow, upload: PrealertForm, tx: Db): Promise<Prealert> {
      const { fields: body, raw } = upload;
      // user_id and company_id come from the token; a form that names someone else is refused, not ignored.
      if ((raw.user_id && raw.user_id !== user.id) || (raw.company_id && raw.company_id !== company.id)) {
        throw forbidden(msg`You can only send pre-alerts for your own account`);
      }
      if (upload.files.length === 0) {
        throw badRequest(msg`Validation failed`, {
          files: [t(msg`Attach the invoice or receipt (PDF or photo)`)],
        });
      }
      try {
        const dup = await tx
          .select({ id: prealerts.id })
          .from(prealerts)
          .where(
            and(
              eq(prealerts.companyId, company.id),
              eq(prealerts.userId, user.id),
              eq(prealerts.trackingNumber, body.tracking_number),
              ne(prealerts.status, 'cancelled'),
            ),
          )
          .limit(1);
        if (dup.length > 0) throw duplicate(body.tracking_number);
        // The parcel may already be at the warehouse: then the pre-alert is matched at once.
        const [arrived] = await tx
          .select({ id: packages.id, prealertId: packages.prealertId })
          .from(packages)
          .where(
            and(
              eq(packages.companyId, company.id),
              eq(packages.userId, user.id),
              eq(packages.trackingNumber, body.tracking_number),
            ),
          )
          .limit(1);
        const matched = arrived && !arrived.prealertId ? arrived : undefined;
        const [row] = await tx
          .insert(prealerts)
          .values({
            companyId: company.id,
            userId: user.id,
            trackingNumber: body.tracking_number,
            sellerName: body.seller_name,
            description: body.description,
            weight: body.weight.toFixed(2),
            valueCents: toCents(body.value),
            packageType: body.package_type,
            height: body.height.toFixed(2),
            length: body.length.toFixed(2),
            width: body.width.toFixed(2),
          })
          .returning();
        if (!row) throw new Error('pre-alert insert returned no row');
        if (matched) await matchPrealert(tx, row.id, matched.id);
        const fileRows = await storedFiles.insertFiles(tx, company, user, upload.files);
        await tx.insert(prealertFiles).values(fileRows.map((f) => ({ prealertId: row.id, fileId: f.id })));
        const [dto] = await prealertDtos(tx, [row]);
        if (!dto) throw new Error('pre-alert vanished');
        // A bonus never fails the pre-alert: a failure is logged and the pre-alert goes on.
        const failed = await points.prealertBonusWithin(tx, company, user, dto);
        if (failed) log.error({ err: failed, prealertId: dto.id }, 'pre-alert bonus failed');
        return dto;
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(body.tracking_number);
        throw err;
      }
    },

    async list(company: CompanyRow, user: UserRow, q: PrealertListQuery) {
      const where = and(
        eq(prealerts.companyId, company.id),
        eq(prealerts.userId, user.id),
        q.status ? eq(prealerts.status, q.status) : undefined,
        q.awaiting ? awaitingParcel(db) : undefined,
        q.q
          ? or(
              ilike(prealerts.trackingNumber, likePattern(q.q)),
              ilike(prealerts.description, likePattern(q.q)),
              ilike(prealerts.sellerName, likePattern(q.q)),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(prealerts)
          .where(where)
          .orderBy(desc(prealerts.createdAt), desc(prealerts.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(prealerts).where(where),
      ]);
      return {
        items: await prealertDtos(db, rows),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    /** Cancels a pending pre-alert (a matched one is locked) and takes back the bonus it earned. */
    async cancel(company: CompanyRow, user: UserRow, id: string): Promise<Prealert> {
      const [row] = await db
        .select()
        .from(prealerts)
        .where(and(eq(prealerts.id, id), eq(prealerts.companyId, company.id), eq(prealerts.userId, user.id)))
        .limit(1);
      if (!row) throw notFound(msg`Pre-alert not found`);
      if (row.status === 'matched')
        throw conflict(msg`This pre-alert is matched to a received package and is locked`);
      if (row.status === 'cancelled') throw conflict(msg`This pre-alert is already cancelled`);
      const [updated] = await db
        .update(prealerts)
        .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(prealerts.id, id), eq(prealerts.status, 'pending')))
        .returning();
      if (!updated) throw conflict(msg`This pre-alert changed meanwhile; reload it`);
      const [dto] = await prealertDtos(db, [updated]);
      if (!dto) throw new Error('pre-alert vanished');
      await points
        .reversePrealertBonus(company, user, dto.tracking_number)
        .catch((err) => log.error({ err, prealertId: dto.id }, 'pre-alert bonus reversal failed'));
      return dto;
    },
  };
}

export type PrealertService = ReturnType<typeof createPrealertService>;
