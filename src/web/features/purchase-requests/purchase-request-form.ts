import './i18n';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { say } from '../../../contract/i18n';
import { createPurchaseRequestBodySchema } from '../../../contract/purchase-requests';
import type { PurchaseRequestBody } from './api';

/** What the form holds: the fields as typed; the price is in US dollars (the API takes cents). */
export interface PurchaseRequestFormValues {
  product_url: string;
  store: string;
  item_name: string;
  quantity: number | string;
  options: string;
  estimated_price: number | string;
  notes: string;
}

export const emptyPurchaseRequest = (): PurchaseRequestFormValues => ({
  product_url: '',
  store: '',
  item_name: '',
  quantity: 1,
  options: '',
  estimated_price: '',
  notes: '',
});

const shape = createPurchaseRequestBodySchema.shape;
/** An empty number input is "nothing typed". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The contract's rules, with the estimate in dollars (up to US$1,000,000, as the contract's cents allow). */
export const purchaseRequestFormSchema = z.object({
  product_url: shape.product_url,
  store: shape.store,
  item_name: shape.item_name,
  quantity: z.preprocess(blankToUndefined, shape.quantity),
  options: shape.options,
  estimated_price: z.preprocess(
    blankToUndefined,
    z
      .number(say(msg`Enter the price in US dollars`))
      .min(0, say(msg`Amounts cannot be negative`))
      .max(1_000_000, say(msg`The amount is too large`))
      .optional(),
  ),
  notes: shape.notes,
});

/** The server's field names that the form holds under another name. */
export const SERVER_FIELD_ALIASES: Record<string, keyof PurchaseRequestFormValues> = {
  estimated_price_cents: 'estimated_price',
};

/** Valid form values as the body the API takes: the estimate in whole US cents, no store means "from the link". */
export function toPurchaseRequestBody(values: PurchaseRequestFormValues): PurchaseRequestBody {
  const v = purchaseRequestFormSchema.parse(values);
  return {
    product_url: v.product_url,
    ...(v.store ? { store: v.store } : {}),
    item_name: v.item_name,
    quantity: v.quantity,
    options: v.options,
    estimated_price_cents: v.estimated_price === undefined ? null : Math.round(v.estimated_price * 100),
    notes: v.notes,
  };
}
