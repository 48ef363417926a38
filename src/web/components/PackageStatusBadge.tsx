import type { BadgeProps } from '@mantine/core';
import { ToneBadge } from './ToneBadge';

/** One colour per package status (by code), the same on the customer's screens and the staff's; unknown: grey. */
const TONES: Record<string, string> = {
  pre_alerted: 'gray',
  received_us: 'blue',
  in_transit: 'indigo',
  at_customs: 'orange',
  ready_for_pickup: 'teal',
  out_for_delivery: 'cyan',
  delivered: 'green',
  on_hold: 'red',
  returned: 'grape',
};

export const statusTone = (code: string) => TONES[code] ?? 'gray';

/** A status name in its colour; the name is the text, so colour is never the only signal. */
export function PackageStatusBadge({ code, name, ...props }: { code: string; name: string } & BadgeProps) {
  return (
    <ToneBadge tone={statusTone(code)} data-status={code} {...props}>
      {name}
    </ToneBadge>
  );
}
