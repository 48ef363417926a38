/** The receive form's values and the rules that are not the server's: plain code, tested on its own. */
import './i18n';
import { t } from '@lingui/core/macro';
import type { Lookup } from '../../../contract/intake';

export type Values = {
  tracking_number: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  mailbox_number: string;
  consignee: string;
  shipper: string;
  carrier: string;
  description: string;
  declared_value: string;
  package_type: string;
  pieces: string;
  house_awb: string;
  note: string;
  fragile: boolean;
  hazardous: boolean;
  signature_required: boolean;
  customs_hold: boolean;
};

export const EMPTY: Values = {
  tracking_number: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  mailbox_number: '',
  consignee: '',
  shipper: '',
  carrier: '',
  description: '',
  declared_value: '',
  package_type: '',
  pieces: '',
  house_awb: '',
  note: '',
  fragile: false,
  hazardous: false,
  signature_required: false,
  customs_hold: false,
};

export const normalise = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** The multipart fields of a receipt: what was filled in, as strings. */
export function toFields(v: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) {
    if (typeof value === 'boolean') {
      if (value) out[k] = 'true';
    } else if (value.trim() !== '') out[k] = value.trim();
  }
  return out;
}

/** What must be there before the server is asked: a tracking number and a weight (said in the reader's language). */
export function problemsOf(v: Values): Partial<Record<keyof Values, string>> {
  const problems: Partial<Record<keyof Values, string>> = {};
  if (normalise(v.tracking_number).length < 5) problems.tracking_number = t`Scan or type the tracking number`;
  if (!(Number(v.weight) > 0)) problems.weight = t`Enter the weight in pounds`;
  return problems;
}

/** A measure the pre-alert gave ("0" is "not given", so it fills nothing). */
const given = (v: string) => (Number(v) > 0 ? v : '');

/** A pending pre-alert fills what the clerk has not typed; typed values win. */
export function prefill(v: Values, pre: NonNullable<Lookup['prealert']>): Values {
  return {
    ...v,
    mailbox_number: v.mailbox_number || pre.customer.mailbox_number,
    description: v.description || pre.description,
    shipper: v.shipper || pre.seller_name,
    declared_value: v.declared_value || (pre.value_cents > 0 ? (pre.value_cents / 100).toFixed(2) : ''),
    package_type: v.package_type || pre.package_type,
    length: v.length || given(pre.length),
    width: v.width || given(pre.width),
    height: v.height || given(pre.height),
  };
}
