import type { StaffPackageRow } from '../../../../contract/staff-packages';
import { ToneBadge } from '../../../components/ToneBadge';

/** The flags a clerk must see at a glance, as words. */
export function flagsOf(
  p: Pick<StaffPackageRow, 'customs_hold' | 'fragile' | 'hazardous' | 'signature_required' | 'has_prealert'>,
) {
  return [
    p.customs_hold && { label: 'Customs hold', tone: 'red' },
    p.hazardous && { label: 'Hazardous', tone: 'orange' },
    p.fragile && { label: 'Fragile', tone: 'yellow' },
    p.signature_required && { label: 'Signature', tone: 'grape' },
    p.has_prealert && { label: 'Pre-alert', tone: 'gray' },
  ].filter((f): f is { label: string; tone: string } => Boolean(f));
}

export function Flags({ row }: { row: Parameters<typeof flagsOf>[0] }) {
  return (
    <>
      {flagsOf(row).map((f) => (
        <ToneBadge key={f.label} tone={f.tone} size="sm" mr={4}>
          {f.label}
        </ToneBadge>
      ))}
    </>
  );
}
