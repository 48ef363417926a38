import '../i18n';
import { t } from '@lingui/core/macro';
import type { StaffPackageRow } from '../../../../contract/staff-packages';
import { ToneBadge } from '../../../components/ToneBadge';

/** The flags a clerk must see at a glance, as words (called while rendering: in the reader's language). */
export function flagsOf(
  p: Pick<StaffPackageRow, 'customs_hold' | 'fragile' | 'hazardous' | 'signature_required' | 'has_prealert'>,
) {
  return [
    p.customs_hold && { key: 'customs_hold', label: t`Customs hold`, tone: 'red' },
    p.hazardous && { key: 'hazardous', label: t`Hazardous`, tone: 'orange' },
    p.fragile && { key: 'fragile', label: t`Fragile`, tone: 'yellow' },
    p.signature_required && { key: 'signature', label: t`Signature`, tone: 'grape' },
    p.has_prealert && { key: 'prealert', label: t`Pre-alert`, tone: 'gray' },
  ].filter((f): f is { key: string; label: string; tone: string } => Boolean(f));
}

export function Flags({ row }: { row: Parameters<typeof flagsOf>[0] }) {
  return (
    <>
      {flagsOf(row).map((f) => (
        <ToneBadge key={f.key} tone={f.tone} size="sm" me={4}>
          {f.label}
        </ToneBadge>
      ))}
    </>
  );
}
