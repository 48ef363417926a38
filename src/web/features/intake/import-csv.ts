/** The import screen's CSV helpers: plain code, tested on its own. */
import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import Papa from 'papaparse';
import { type ImportField, type ImportPreview, importFields } from '../../../contract/intake';

/** Each field's label on screen, in the reader's language (translated where drawn). */
export const FIELD_LABEL: Record<ImportField, MessageDescriptor> = {
  tracking_number: msg`Tracking number`,
  mailbox_number: msg`Mailbox number`,
  consignee: msg`Consignee (name)`,
  email: msg`Email`,
  shipper: msg`Shipper`,
  carrier: msg`Carrier`,
  house_awb: msg`House AWB`,
  description: msg`Description`,
  pieces: msg`Pieces`,
  value: msg`Declared value (US$)`,
  weight: msg`Weight (lb)`,
  length: msg`Length (in)`,
  width: msg`Width (in)`,
  height: msg`Height (in)`,
  date_received: msg`Date received`,
  on_hold: msg`On hold`,
};

/**
 * The template's header row: one column per field, named so that the server's loose header matching reads each one
 * back as its field ("Weight (lb)" is weight, "Value" is the declared value in US$). No example row: an example
 * left in by mistake would be imported as a parcel. Always English: the server matches these names, whatever
 * language the clerk reads.
 */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  tracking_number: 'Tracking number',
  mailbox_number: 'Mailbox number',
  consignee: 'Consignee',
  email: 'Email',
  shipper: 'Shipper',
  carrier: 'Carrier',
  house_awb: 'House AWB',
  description: 'Description',
  pieces: 'Pieces',
  value: 'Value',
  weight: 'Weight (lb)',
  length: 'Length (in)',
  width: 'Width (in)',
  height: 'Height (in)',
  date_received: 'Date received',
  on_hold: 'On hold',
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
