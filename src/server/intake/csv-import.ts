import { msg } from '@lingui/core/runtime-macro';
import {
  type ImportConfirmBody,
  type ImportPreview,
  type ImportPreviewBody,
  type ImportResult,
  type ImportRow,
  type ReceiveInput,
  receiveFieldsSchema,
} from '../../contract/intake';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { badRequest } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { type CsvRow, readCsv } from './import-csv';
import { lockIntake, moveReceived, type PrealertRow, type Receipt, recordReceipt } from './receipt-writes';
import { type Consignee, customerRef, type Found, resolveLabels } from './resolve-labels';

/* Receipts in bulk from the warehouse system's CSV: a preview of every row, then the chosen rows imported. */

type Checked = {
  out: ImportRow;
  valid: boolean;
  already: boolean;
  input?: ReceiveInput;
  found: Found | null;
  pre: PrealertRow | null;
  receivedAt: Date;
};
type Parsed = { r: CsvRow; input: ReceiveInput | undefined; errors: string[]; receivedAt: Date };

/** A row's fields validated as a receipt's would be, and its date received (else now). */
function parseRow(r: CsvRow): Parsed {
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
}

/** What a row's label says of its consignee; an invalid row still says whose it would be (the clerk fixes the row). */
const labelOf = ({ r, input }: Parsed): Consignee => ({
  trackingNumber: input?.tracking_number,
  mailbox: input?.mailbox_number ?? r.values.mailbox_number?.toUpperCase(),
  email: r.values.email || undefined,
  name: r.values.consignee && !r.values.consignee.includes('@') ? r.values.consignee : undefined,
});

/** Each row as a receipt: its fields validated, its customer and pre-alert found, duplicates flagged. */
async function checkRows(db: Db, company: CompanyRow, rows: CsvRow[]): Promise<Checked[]> {
  const parsed = rows.map(parseRow);
  const labels = await resolveLabels(db, company.id, parsed.map(labelOf));
  const seen = new Map<string, number>();
  return parsed.map((p) => {
    const { r, input, errors, receivedAt } = p;
    const tracking = input?.tracking_number ?? r.values.tracking_number ?? '';
    let already = false;
    let pre: PrealertRow | null = null;
    const found = labels.customer(labelOf(p));
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
        consignee: [r.values.mailbox_number, r.values.consignee, r.values.email].filter(Boolean).join(' · '),
        prealert_id: pre?.id ?? null,
        values,
      },
    };
  });
}

export function createCsvImport(deps: { db: Db; status: PackageStatus }) {
  const { db } = deps;
  return {
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
        throw badRequest(msg`Validation failed`, {
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
        const bad = checked.filter((c) => !c.valid && !c.already);
        const [first] = bad;
        if (first) {
          throw badRequest(`Row ${first.out.row} cannot be imported: ${first.out.errors.join('; ')}`, {
            rows: bad.slice(0, 20).map((row) => `Row ${row.out.row}: ${row.out.errors.join('; ')}`),
          });
        }
        const skipped: ImportResult['skipped'] = [];
        const receipts: Receipt[] = [];
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
        await moveReceived(deps.status, tx, company, staff, receipts, undefined, { origin, note: '' });
        const ids = receipts.map((r) => r.id);
        return { imported: ids.length, package_ids: ids, skipped };
      });
    },
  };
}
