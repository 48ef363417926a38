import '../i18n';
import { t } from '@lingui/core/macro';
import type { CustomerRef, QueuePackage, QueuePrealert } from '../../../../contract/matching';

/** A pre-alert and the package it would be matched to, as the confirmation names them. */
export type Pair = {
  prealert: Pick<QueuePrealert, 'id' | 'tracking_number' | 'customer'>;
  /** customer: undefined when not known (a manual pick); null when Unassigned. */
  pkg: Pick<QueuePackage, 'id' | 'tracking_number'> & { customer?: CustomerRef | null };
};

// Called while a component renders, so the global i18n already speaks the reader's language.
export const who = (c: CustomerRef | null) => (c ? `${c.mailbox_number} · ${c.name}` : t`Unassigned`);
