import { msg } from '@lingui/core/runtime-macro';
import Papa from 'papaparse';
import { IMPORT_ROWS_MAX, type ImportField, importFields } from '../../contract/intake';
import { badRequest } from '../errors';

/**
 * Header names seen in warehouse systems' exports of warehouse receipts, per field, compared loosely (case,
 * spaces and punctuation ignored). The first header that matches a field wins.
 */
const SYNONYMS: Record<ImportField, string[]> = {
  tracking_number: [
    'tracking',
    'trackingnumber',
    'trackingno',
    'tracking#',
    'trackingnum',
    'tracknumber',
    'pro',
  ],
  mailbox_number: [
    'mailbox',
    'mailboxnumber',
    'mailboxno',
    'suite',
    'suitenumber',
    'account',
    'accountnumber',
    'box',
  ],
  consignee: ['consignee', 'consigneename', 'customer', 'customername', 'name', 'recipient', 'shipto'],
  email: ['email', 'emailaddress', 'consigneeemail', 'customeremail', 'mail'],
  shipper: ['shipper', 'shippername', 'sender', 'vendor', 'seller', 'store', 'merchant'],
  carrier: ['carrier', 'courier', 'carriername'],
  house_awb: ['houseawb', 'hawb', 'awb', 'houseairwaybill', 'housebill'],
  description: ['description', 'contents', 'content', 'itemdescription', 'goods'],
  pieces: ['pieces', 'pcs', 'qty', 'quantity', 'pieceCount'.toLowerCase()],
  value: ['value', 'declaredvalue', 'valueusd', 'amount', 'invoicevalue', 'declaredvalueusd'],
  weight: ['weight', 'weightlb', 'weightlbs', 'lbs', 'lb', 'grossweight', 'weightpounds'],
  length: ['length', 'lengthin', 'len', 'l'],
  width: ['width', 'widthin', 'w'],
  height: ['height', 'heightin', 'h'],
  date_received: ['datereceived', 'received', 'receiveddate', 'receivedon', 'date', 'receiptdate'],
  on_hold: ['onhold', 'hold', 'held', 'customshold'],
};

const loose = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The header each field is read from: the clerk's choice where given, else the first loosely matching header. */
export function guessMapping(
  headers: string[],
  chosen: Partial<Record<ImportField, string>> = {},
): Partial<Record<ImportField, string>> {
  const out: Partial<Record<ImportField, string>> = {};
  const used = new Set<string>();
  for (const f of importFields) {
    const c = chosen[f];
    if (c !== undefined) {
      if (c !== '' && !headers.includes(c)) {
        throw badRequest(msg`Validation failed`, { [`mapping.${f}`]: [`The file has no column “${c}”`] });
      }
      if (c !== '') {
        out[f] = c;
        used.add(c);
      }
    }
  }
  for (const f of importFields) {
    if (chosen[f] !== undefined) continue;
    const h = headers.find((x) => !used.has(x) && SYNONYMS[f].includes(loose(x)));
    if (h !== undefined) {
      out[f] = h;
      used.add(h);
    }
  }
  return out;
}

export type CsvRow = { row: number; values: Partial<Record<ImportField, string>> };

/** The CSV's header and its data rows, each field read from its mapped column. */
export function readCsv(csv: string, chosen?: Partial<Record<ImportField, string>>) {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [head, ...data] = parsed.data;
  if (!head || head.length === 0)
    throw badRequest(msg`Validation failed`, { csv: ['The file has no header row'] });
  if (data.length === 0)
    throw badRequest(msg`Validation failed`, { csv: ['The file has no rows below its header'] });
  if (data.length > IMPORT_ROWS_MAX) {
    throw badRequest(msg`Validation failed`, {
      csv: [`The file has ${data.length} rows; import at most ${IMPORT_ROWS_MAX} at a time`],
    });
  }
  const headers = head.map((h) => h.trim());
  const mapping = guessMapping(headers, chosen);
  if (!mapping.tracking_number) {
    throw badRequest(msg`Validation failed`, {
      csv: ['No column looks like the tracking number: choose it'],
    });
  }
  const index = Object.entries(mapping).map(([f, h]) => [f, headers.indexOf(h)] as const);
  const rows: CsvRow[] = data.map((cells, i) => {
    const values: Partial<Record<ImportField, string>> = {};
    for (const [f, at] of index) values[f as ImportField] = (cells[at] ?? '').trim();
    return { row: i + 1, values };
  });
  return { headers, mapping, rows };
}
