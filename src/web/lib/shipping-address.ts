import { t } from '@lingui/core/macro';
import type { Address } from '../../contract/companies';

export interface AddressField {
  label: string;
  value: string;
}

/** Whose parcel it is: the name on it and the mailbox number the warehouse sorts by. */
export interface Recipient {
  name: string;
  mailbox_number: string;
}

/**
 * The US address as a customer types it into a checkout form: the mailbox number goes right after
 * address line 1, so the warehouse knows whose parcel it is.
 */
export function shippingAddressFields(
  recipient: Recipient,
  warehouse: { warehouse_address: Address },
): AddressField[] {
  const a = warehouse.warehouse_address;
  return [
    { label: t`Full name`, value: recipient.name },
    { label: t`Address line 1`, value: `${a.line1} ${recipient.mailbox_number}` },
    { label: t`Address line 2`, value: a.line2 },
    { label: t`City`, value: a.city },
    { label: t`State`, value: a.state },
    { label: t`ZIP code`, value: a.postal_code },
    { label: t`Country`, value: a.country },
    { label: t`Phone`, value: a.phone },
  ].filter((f) => f.value.trim() !== '');
}

/** The same address as lines on a label: name, street + mailbox, line 2, "City, ST 12345", country, phone. */
export function shippingAddressLines(
  recipient: Recipient,
  warehouse: { warehouse_address: Address },
): string[] {
  const a = warehouse.warehouse_address;
  return [
    recipient.name,
    `${a.line1} ${recipient.mailbox_number}`,
    a.line2,
    `${a.city}, ${a.state} ${a.postal_code}`,
    a.country,
    a.phone,
  ].filter((line) => line.trim() !== '');
}
