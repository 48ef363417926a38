import { and, count, desc, eq, gte, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { FILE_TYPES } from '../../contract/constants';
import { startOfDayIn } from '../../contract/format';
import {
  type ImportConfirmBody,
  type ImportPreview,
  type ImportPreviewBody,
  type ImportResult,
  type ImportRow,
  type Lookup,
  type Matched,
  type ReceiveInput,
  type Recent,
  receiveFieldsSchema,
  UNDO_RECEIVE_MINUTES,
} from '../../contract/intake';
import { type PackageDetail, trackingNumberSchema } from '../../contract/packages';
import type { AuditService } from '../audit/audit.service';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import {
  files,
  invoiceLines,
  packageEvents,
  packageReceipts,
  packageStatuses,
  packages,
  prealerts,
  users,
} from '../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/file-store';
import { releaseStorage } from '../files/storage-quota';
import type { FormUpload } from '../http/uploads';
import type { StoredAttachment } from '../mail/mail-job';
import { assertMoves, type MovingPackage, type PackageStatus } from '../package-status/move-status';
import { UNRECORDED } from '../package-status/rules';
import { nameIn, statusNames } from '../package-status/status-names';
import type { PackageService } from '../packages/packages.service';
import { matchPrealert } from '../packages/prealert-records';
import type { StoredFiles } from '../packages/stored-files';
import { customerRef, type Found, resolveLabels, splitConsignee } from './customers';
import { type CsvRow, readCsv } from './import-csv';

type Label = Awaited<ReturnType<typeof resolveLabels>>;
type PrealertRow = typeof prealerts.$inferSelect;
/** A parcel just received: its package, how it was matched, and its move to Received (written by the caller). */
type Receipt = { id: string; matched: Matched; moving: MovingPackage; fresh: boolean };

const UNDO_MS = UNDO_RECEIVE_MINUTES * 60_000;
const IMAGE_TYPES = Object.keys(FILE_TYPES).filter((t) => t.startsWith('image/'));
const money = (dollars: number) => Math.round(Number((dollars * 100).toFixed(4)));

/** Intake is serialised per company for the moment a tracking number is checked and taken (a scanner's double
 *  read or two clerks on one parcel must not both create it). */
async function lockIntake(tx: Db, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`intake:${companyId}`}))`);
}

/** A tracking number already received: flagged with the package that has it, never duplicated. */
function alreadyReceived(id: string) {
  return conflict('This tracking number was already received', {
    tracking_number: ['Already received: open the existing package'],
    existing_package_id: [id],
  });
}

/** Warehouse intake: receipts one by one (scan-first) and in bulk from a CSV, with undo for a few minutes. */
export function createIntakeService(deps: {
  db: Db;
  audit: AuditService;
  packages: PackageService;
  storedFiles: StoredFiles;
  store: FileStore;
  status: PackageStatus;
}) {
  const { db, audit, storedFiles, store } = deps;

  /**
   * Writes one new parcel in `tx`: the package (what the clerk left empty, the customer's pre-alert fills) and the
   * pre-alert matched and locked. Its status move (events, audit entry, notice) is the caller's, with what this
   * returns. The caller has taken the intake lock and checked for a duplicate.
   */
  async function recordReceipt(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    b: ReceiveInput,
    found: Found | null,
    pre: PrealertRow | null,
    receivedAt = new Date(),
  ): Promise<Receipt> {
    const owner = found?.user ?? null;
    const now = new Date();
    const hint = owner ? '' : [b.mailbox_number, b.consignee].filter(Boolean).join(' · ');
    const [pkg] = await tx
      .insert(packages)
      .values({
        companyId: company.id,
        userId: owner?.id ?? null,
        trackingNumber: b.tracking_number,
        description: b.description ?? pre?.description ?? '',
        sellerName: b.seller_name ?? pre?.sellerName ?? b.shipper ?? '',
        shipper: b.shipper ?? '',
        carrier: b.carrier ?? '',
        houseAwb: b.house_awb ?? '',
        packageType: b.package_type ?? pre?.packageType ?? '',
        pieces: b.pieces ?? 1,
        fragile: b.fragile,
        hazardous: b.hazardous,
        signatureRequired: b.signature_required,
        customsHold: b.customs_hold,
        consigneeHint: hint,
        receivedBy: staff.id,
        weight: b.weight.toFixed(2),
        length: (b.length ?? Number(pre?.length ?? 0)).toFixed(2),
        width: (b.width ?? Number(pre?.width ?? 0)).toFixed(2),
        height: (b.height ?? Number(pre?.height ?? 0)).toFixed(2),
        declaredValueCents: b.declared_value !== undefined ? money(b.declared_value) : (pre?.valueCents ?? 0),
        statusCode: 'received_us',
        receivedAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: packages.id });
    if (!pkg) throw new Error('package insert returned no row');
    if (pre && owner) await matchPrealert(tx, pre.id, pkg.id, now);
    const matched: Matched = { customer: found?.how ?? null, prealert_id: pre && owner ? pre.id : null };
    const moving: MovingPackage = {
      id: pkg.id,
      at: receivedAt,
      // The timeline starts at the customer's pre-alert, in their name and at its time.
      ...(pre && owner
        ? {
            earlier: {
              status: 'pre_alerted' as const,
              note: 'Pre-alert sent by the customer',
              actorId: owner.id,
              at: pre.createdAt,
            },
          }
        : {}),
      audit: {
        changes: {
          tracking_number: [null, b.tracking_number],
          customer: [null, owner?.mailboxNumber ?? null],
        },
        note: owner
          ? `Customer found by ${found?.how}${matched.prealert_id ? '; pre-alert matched' : ''}`
          : `Unassigned${hint ? ` (label: ${hint})` : ''}`,
      },
    };
    return { id: pkg.id, matched, moving, fresh: true };
  }

  /** A package pre-recorded from a pre-alert (status pre_alerted) is the same parcel arriving: it moves on. */
  async function arrivePrealerted(
    tx: Db,
    staff: UserRow,
    b: ReceiveInput,
    existing: { id: string; userId: string | null },
    labels: Label,
  ): Promise<Receipt> {
    const now = new Date();
    await tx
      .update(packages)
      .set({ receivedAt: now, receivedBy: staff.id, updatedAt: now, weight: b.weight.toFixed(2) })
      .where(eq(packages.id, existing.id));
    const pre = labels.prealert(b.tracking_number, existing.userId);
    if (pre && existing.userId) await matchPrealert(tx, pre.pre.id, existing.id, now);
    return {
      id: existing.id,
      matched: { customer: 'prealert', prealert_id: pre?.pre.id ?? null },
      moving: { id: existing.id, audit: { note: '' } },
      fresh: false,
    };
  }

  /** Moves receipts' packages to Received (their events, audit entries, and each customer told once) in `tx`. */
  async function moveReceived(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    receipts: Receipt[],
    note: string | undefined,
    tell: { origin: string; note: string; photo?: StoredAttachment },
  ) {
    for (const fresh of [true, false]) {
      const of = receipts.filter((r) => r.fresh === fresh);
      if (of.length === 0) continue;
      await deps.status.moveStatus(tx, {
        company,
        actor: staff,
        mover: 'intake',
        to: 'received_us',
        fresh,
        packages: of.map((r) => r.moving),
        note: note ?? 'Received at the US warehouse',
        tell,
      });
    }
  }

  /** The photo of a receipt: at most one, and an image (a PDF is a document, not a photo). */
  function photoOf(upload: FormUpload<ReceiveInput>) {
    if (upload.files.length > 1) throw badRequest('Validation failed', { photo: ['Attach one photo'] });
    const [photo] = upload.files;
    if (photo && !IMAGE_TYPES.includes(photo.contentType)) {
      throw new ApiError(415, 'The photo must be a JPEG, PNG, WebP or HEIC image', {
        photo: ['The photo must be a JPEG, PNG, WebP or HEIC image'],
      });
    }
    return photo;
  }

  const service = {
    /**
     * Receives one parcel in `tx` (the Idempotency-Key's transaction): the customer found by mailbox, email or
     * name (else Unassigned), their pending pre-alert matched, the photo stored as a receipt of kind photo.
     */
    async receive(
      company: CompanyRow,
      staff: UserRow,
      upload: FormUpload<ReceiveInput>,
      tx: Db,
      origin: string,
    ): Promise<{ pkg: PackageDetail; matched: Matched }> {
      const b = upload.fields;
      const photo = photoOf(upload);
      await lockIntake(tx, company.id);
      const label = {
        trackingNumber: b.tracking_number,
        mailbox: b.mailbox_number,
        ...splitConsignee(b.consignee),
      };
      const labels = await resolveLabels(tx, company.id, [label]);
      const existing = labels.received(b.tracking_number);
      let out: Receipt;
      if (existing?.statusCode === 'pre_alerted') {
        out = await arrivePrealerted(tx, staff, b, existing, labels);
      } else if (existing) {
        throw alreadyReceived(existing.id);
      } else {
        const found = labels.customer(label);
        const pre = found ? labels.prealert(b.tracking_number, found.user.id) : null;
        out = await recordReceipt(tx, company, staff, b, found, pre?.pre ?? null);
      }
      let attachment: StoredAttachment | undefined;
      if (photo) {
        const [row] = await storedFiles.insertFiles(tx, company, staff, [photo]);
        if (!row) throw new Error('photo insert returned no row');
        attachment = { filename: row.originalName, contentType: row.contentType, storageKey: row.storageKey };
        await tx.insert(packageReceipts).values({
          packageId: out.id,
          companyId: company.id,
          fileId: row.id,
          uploadedBy: staff.id,
          kind: 'photo',
        });
      }
      // The bell's row and the mail's job commit with the receipt (a replay of the key neither receives nor
      // notifies again); the mail goes out after the reply, the photo read from the file store by its key then.
      await moveReceived(tx, company, staff, [out], b.note, {
        origin,
        note: attachment ? 'The warehouse photographed it: see the photo with the package.' : '',
        ...(attachment ? { photo: attachment } : {}),
      });
      const pkg = await deps.packages.detail(company, staff, out.id, tx);
      return { pkg, matched: out.matched };
    },

    /** What a receipt would do, as the clerk types: the customer, a pending pre-alert, a package already received. */
    async lookup(
      company: CompanyRow,
      q: {
        tracking_number?: string | undefined;
        mailbox_number?: string | undefined;
        consignee?: string | undefined;
      },
    ): Promise<Lookup> {
      const parsed = q.tracking_number ? trackingNumberSchema.safeParse(q.tracking_number) : undefined;
      const tracking = parsed?.success ? parsed.data : undefined;
      const label = { trackingNumber: tracking, mailbox: q.mailbox_number, ...splitConsignee(q.consignee) };
      const labels = await resolveLabels(db, company.id, [label]);
      const found = labels.customer(label);
      const pre = tracking ? labels.prealert(tracking, found?.user.id ?? null) : null;
      const existing = tracking ? labels.received(tracking) : null;
      let statusName = '';
      if (existing && existing.statusCode !== 'pre_alerted') {
        const [s] = await db
          .select({ name: packageStatuses.name })
          .from(packageStatuses)
          .where(eq(packageStatuses.code, existing.statusCode))
          .limit(1);
        statusName = s?.name ?? existing.statusCode;
      }
      return {
        tracking_number: tracking ?? null,
        customer: found ? { ...customerRef(found.user), how: found.how } : null,
        prealert: pre
          ? {
              id: pre.pre.id,
              customer: customerRef(pre.owner),
              seller_name: pre.pre.sellerName,
              description: pre.pre.description,
              weight: pre.pre.weight,
              value_cents: pre.pre.valueCents,
              package_type: pre.pre.packageType,
              length: pre.pre.length,
              width: pre.pre.width,
              height: pre.pre.height,
            }
          : null,
        existing:
          existing && existing.statusCode !== 'pre_alerted'
            ? {
                id: existing.id,
                status_name: statusName,
                received_at: existing.receivedAt?.toISOString() ?? null,
              }
            : null,
      };
    },

    /** Today's counts (the caller's and the company's) and the caller's last 20 receipts, with their undo window. */
    async recent(company: CompanyRow, staff: UserRow): Promise<Recent> {
      // "Today" at the warehouse's desk is the company's day, not UTC's (in Jamaica UTC's day starts at 7 pm).
      const today = startOfDayIn(new Date(), await timeZoneOf(db, company.id));
      const mine = and(eq(packages.companyId, company.id), eq(packages.receivedBy, staff.id));
      const [[m], [c], rows] = await Promise.all([
        db
          .select({ n: count() })
          .from(packages)
          .where(and(mine, gte(packages.receivedAt, today))),
        db
          .select({ n: count() })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), gte(packages.receivedAt, today))),
        db
          .select({ p: packages, owner: users })
          .from(packages)
          .leftJoin(users, eq(users.id, packages.userId))
          .where(and(mine, sql`${packages.receivedAt} is not null`))
          .orderBy(desc(packages.receivedAt), desc(packages.id))
          .limit(20),
      ]);
      const now = Date.now();
      return {
        today_mine: m?.n ?? 0,
        today_company: c?.n ?? 0,
        items: rows.map(({ p, owner }) => {
          const at = p.receivedAt ?? p.createdAt;
          const until = at.getTime() + UNDO_MS;
          return {
            id: p.id,
            tracking_number: p.trackingNumber,
            customer: owner
              ? `${owner.firstName} ${owner.lastName} · ${owner.mailboxNumber}`
              : // The label's text stays on the package (the Unassigned queue shows it), not in this list.
                'Unassigned',
            unassigned: !owner,
            prealert_matched: p.prealertId !== null,
            weight: p.weight,
            received_at: at.toISOString(),
            undo_until: until > now ? new Date(until).toISOString() : null,
          };
        }),
      };
    },

    /**
     * Undoes a receipt within its window, by its clerk or an admin, while nothing else happened to the package:
     * the package goes (its events, photo rows and bell notifications with it) and a pre-alert it matched is
     * pending again. The photo's bytes are removed once the transaction commits.
     */
    async undo(company: CompanyRow, staff: UserRow, id: string) {
      const [p] = await db
        .select()
        .from(packages)
        .where(and(eq(packages.id, id), eq(packages.companyId, company.id)))
        .limit(1);
      if (!p) throw notFound('Package not found');
      const receivedAt = p.receivedAt;
      if (!receivedAt || p.receivedBy === null) throw conflict('This package was not received at intake');
      if (p.receivedBy !== staff.id && staff.role !== 'admin') {
        throw forbidden('Only the clerk who received it (or an admin) can undo a receipt');
      }
      if (Date.now() - receivedAt.getTime() > UNDO_MS) {
        throw conflict(
          `A receipt can be undone for ${UNDO_RECEIVE_MINUTES} minutes; change the package instead`,
        );
      }
      const keys = await db.transaction(async (tx) => {
        await lockIntake(tx, company.id);
        const [[later], [billed], [docs]] = await Promise.all([
          tx
            .select({ n: count() })
            .from(packageEvents)
            .where(
              and(
                eq(packageEvents.packageId, p.id),
                notInArray(packageEvents.statusCode, ['pre_alerted', 'received_us']),
              ),
            ),
          tx.select({ n: count() }).from(invoiceLines).where(eq(invoiceLines.packageId, p.id)),
          tx
            .select({ n: count() })
            .from(packageReceipts)
            .where(and(eq(packageReceipts.packageId, p.id), ne(packageReceipts.kind, 'photo'))),
        ]);
        const [now] = await tx
          .select({
            status: packages.statusCode,
            shipment: packages.shipmentId,
            owner: packages.userId,
            updated: packages.updatedAt,
          })
          .from(packages)
          .where(eq(packages.id, p.id))
          .limit(1);
        if (!now) throw notFound('Package not found');
        // The status's rules first (a receipt is undone only while its package is still Received: the refusal names
        // where it is now), then whatever else happened to it since.
        assertMoves(
          [{ trackingNumber: p.trackingNumber, from: now.status }],
          UNRECORDED,
          'undo',
          nameIn(await statusNames(tx)),
        );
        if (
          (later?.n ?? 0) > 0 ||
          (billed?.n ?? 0) > 0 ||
          (docs?.n ?? 0) > 0 ||
          now.shipment !== null ||
          now.owner !== p.userId ||
          p.createdAt.getTime() < receivedAt.getTime() - 1000
        ) {
          throw conflict(
            'Something else happened to this package since its receipt: change it instead of undoing',
          );
        }
        if (p.prealertId) {
          await tx
            .update(prealerts)
            .set({ status: 'pending', packageId: null, matchedAt: null, updatedAt: new Date() })
            .where(and(eq(prealerts.id, p.prealertId), eq(prealerts.companyId, company.id)));
        }
        const photos = await tx
          .select({ file: files })
          .from(packageReceipts)
          .innerJoin(files, eq(files.id, packageReceipts.fileId))
          .where(eq(packageReceipts.packageId, p.id));
        const note = p.prealertId ? 'Receipt undone; the pre-alert is pending again' : 'Receipt undone';
        // The package goes, with its events, its photo rows and what its customer was told.
        await deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'undo',
          to: UNRECORDED,
          packages: [{ id: p.id, audit: { changes: { tracking_number: [p.trackingNumber, null] } } }],
          note,
        });
        if (photos.length > 0) {
          await tx.delete(files).where(
            inArray(
              files.id,
              photos.map((r) => r.file.id),
            ),
          );
          await releaseStorage(
            tx,
            company.id,
            photos.reduce((n, r) => n + r.file.sizeBytes, 0),
          );
        }
        if (p.prealertId) {
          await audit.record(tx, company, staff, {
            entity: 'prealert',
            entityId: p.prealertId,
            action: 'unmatched',
            changes: { status: ['matched', 'pending'] },
            note: 'Receipt undone',
          });
        }
        return photos.map((r) => r.file.storageKey);
      });
      await Promise.all(keys.map((k) => store.remove(k)));
      return { id: p.id, prealert_id: p.prealertId };
    },

    /** Every row of a CSV checked as a receipt would be; nothing is saved. */
    async importPreview(company: CompanyRow, body: ImportPreviewBody): Promise<ImportPreview> {
      const { headers, mapping, rows } = readCsv(body.csv, body.mapping);
      const checked = await checkRows(db, company, rows);
      const valid = checked.filter((r) => r.valid).length;
      return { headers, mapping, rows: checked.map((c) => c.out), valid, invalid: checked.length - valid };
    },

    /**
     * Imports the chosen rows of the CSV in one transaction, by the same rules as a receipt. A row whose tracking
     * number is received by now is skipped and said (re-importing a file creates nothing twice); an invalid one is
     * refused with the whole import, since the clerk chose it from a preview that said so. Each customer is told
     * once about all their parcels, in the same transaction.
     */
    async importConfirm(
      company: CompanyRow,
      staff: UserRow,
      body: ImportConfirmBody,
      origin: string,
    ): Promise<ImportResult> {
      const { rows } = readCsv(body.csv, body.mapping);
      const chosen = new Set(body.rows);
      const missing = [...chosen].filter((n) => n > rows.length);
      if (missing.length > 0) {
        throw badRequest('Validation failed', {
          rows: [`The file has no row ${missing.slice(0, 5).join(', ')}`],
        });
      }
      return db.transaction(async (tx) => {
        await lockIntake(tx, company.id);
        const checked = await checkRows(
          tx,
          company,
          rows.filter((r) => chosen.has(r.row)),
        );
        const skipped: ImportResult['skipped'] = [];
        const receipts: Receipt[] = [];
        const bad = checked.filter((c) => !c.valid && !c.already);
        if (bad.length > 0) {
          const first = bad[0]?.out;
          throw badRequest(`Row ${first?.row} cannot be imported: ${first?.errors.join('; ')}`, {
            rows: bad.slice(0, 20).map((b) => `Row ${b.out.row}: ${b.out.errors.join('; ')}`),
          });
        }
        for (const c of checked) {
          if (c.already || !c.input) {
            skipped.push({
              row: c.out.row,
              tracking_number: c.out.tracking_number,
              reason: 'Already received',
            });
            continue;
          }
          receipts.push(await recordReceipt(tx, company, staff, c.input, c.found, c.pre, c.receivedAt));
        }
        // One move for the whole import: each customer is told once about all their parcels.
        await moveReceived(tx, company, staff, receipts, undefined, { origin, note: '' });
        const ids = receipts.map((r) => r.id);
        return { imported: ids.length, package_ids: ids, skipped };
      });
    },
  };

  type Checked = {
    out: ImportRow;
    valid: boolean;
    already: boolean;
    input?: ReceiveInput;
    found: Found | null;
    pre: PrealertRow | null;
    receivedAt: Date;
  };

  /** Each row as a receipt: its fields validated, its customer and pre-alert found, duplicates flagged. */
  async function checkRows(q: Db, company: CompanyRow, rows: CsvRow[]): Promise<Checked[]> {
    const parsed = rows.map((r) => {
      const v = r.values;
      const fields = {
        tracking_number: v.tracking_number ?? '',
        weight: v.weight ?? '',
        length: v.length,
        width: v.width,
        height: v.height,
        mailbox_number: v.mailbox_number,
        consignee: v.consignee || v.email,
        shipper: v.shipper,
        carrier: v.carrier,
        description: v.description,
        declared_value: v.value?.replace(/[$,\s]/g, ''),
        pieces: v.pieces,
        house_awb: v.house_awb,
        customs_hold: v.on_hold && /^(y|yes|true|1|x|hold|on hold)$/i.test(v.on_hold) ? 'true' : 'false',
      };
      const res = receiveFieldsSchema.safeParse(fields);
      const errors = res.success
        ? []
        : res.error.issues.map((i) => `${String(i.path[0] ?? 'row').replaceAll('_', ' ')}: ${i.message}`);
      let receivedAt = new Date();
      if (v.date_received) {
        const d = new Date(v.date_received);
        if (Number.isNaN(d.getTime())) errors.push(`date received: “${v.date_received}” is not a date`);
        else if (d.getTime() > Date.now() + 86_400_000) errors.push('date received: in the future');
        else receivedAt = d;
      }
      return { r, input: res.success ? res.data : undefined, errors, receivedAt };
    });
    const labels = await resolveLabels(
      q,
      company.id,
      parsed.map((p) => ({
        trackingNumber: p.input?.tracking_number,
        mailbox: p.input?.mailbox_number ?? p.r.values.mailbox_number?.toUpperCase(),
        email: p.r.values.email || undefined,
        name: p.r.values.consignee && !p.r.values.consignee.includes('@') ? p.r.values.consignee : undefined,
      })),
    );
    const seen = new Map<string, number>();
    return parsed.map(({ r, input, errors, receivedAt }) => {
      const tracking = input?.tracking_number ?? r.values.tracking_number ?? '';
      let already = false;
      let pre: PrealertRow | null = null;
      // An invalid row still says whose it would be (the clerk fixes the row, not the customer).
      const label = {
        trackingNumber: input?.tracking_number,
        mailbox: input?.mailbox_number ?? r.values.mailbox_number?.toUpperCase(),
        email: r.values.email || undefined,
        name: r.values.consignee && !r.values.consignee.includes('@') ? r.values.consignee : undefined,
      };
      const found = labels.customer(label);
      if (input) {
        if (labels.received(input.tracking_number)) {
          already = true;
          errors.push('Already received');
        } else if (seen.has(input.tracking_number)) {
          errors.push(`The same tracking number as row ${seen.get(input.tracking_number)}`);
        } else {
          seen.set(input.tracking_number, r.row);
        }
        pre = found ? (labels.prealert(input.tracking_number, found.user.id)?.pre ?? null) : null;
      }
      const valid = errors.length === 0;
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.values)) values[k] = v ?? '';
      return {
        valid,
        already,
        ...(input ? { input } : {}),
        found,
        pre,
        receivedAt,
        out: {
          row: r.row,
          valid,
          errors,
          tracking_number: tracking,
          customer: found ? { ...customerRef(found.user), how: found.how } : null,
          consignee: [r.values.mailbox_number, r.values.consignee, r.values.email]
            .filter(Boolean)
            .join(' · '),
          prealert_id: pre?.id ?? null,
          values,
        },
      };
    });
  }

  return service;
}

export type IntakeService = ReturnType<typeof createIntakeService>;
