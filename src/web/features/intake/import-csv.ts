/** The import screen's CSV helpers: plain code, tested on its own. */
import Papa from 'papaparse';
import { type ImportField, type ImportPreview, importFields } from '../../../contract/intake';

export const FIELD_LABEL: Record<ImportField, string> = {
  tracking_number: 'Tracking number',
  mailbox_number: 'Mailbox number',
  consignee: 'Consignee (name)',
  email: 'Email',
  shipper: 'Shipper',
  carrier: 'Carrier',
  house_awb: 'House AWB',
  description: 'Description',
  pieces: 'Pieces',
  value: 'Declared value (US$)',
  weight: 'Weight (lb)',
  length: 'Length (in)',
  width: 'Width (in)',
  height: 'Height (in)',
  date_received: 'Date received',
  on_hold: 'On hold',
};

/**
 * The template's header row: one column per field, named so that the server's loose header matching reads each one
 * back as its field ("Weight (lb)" is weight, "Value" is the declared value in US$). No example row: an example
 * left in by mistake would be imported as a parcel.
 */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  ...FIELD_LABEL,
  consignee: 'Consignee',
  value: 'Value',
};

export const templateCsv = (): string =>
  `${Papa.unparse([importFields.map((f) => TEMPLATE_HEADERS[f])])}\r\n`;

/** The invalid rows as a CSV the clerk can fix and import again: the file's own columns, plus the reason. */
export function invalidCsv(preview: ImportPreview): string {
  const fields = importFields.filter((f) => preview.mapping[f] !== undefined);
  const rows = preview.rows
    .filter((r) => !r.valid)
    .map((r) => [...fields.map((f) => r.values[f] ?? ''), r.errors.join('; ')]);
  return Papa.unparse({ fields: [...fields.map((f) => preview.mapping[f] ?? f), 'Problem'], data: rows });
}

/** A CSV as a link's address, for a download that needs no server. */
export const csvHref = (csv: string) => `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
