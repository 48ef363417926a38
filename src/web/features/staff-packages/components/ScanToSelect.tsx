import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { Paper, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import type { StaffPackageRow } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { findByTracking } from '../api';

const normalise = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** A scanned (or typed) tracking number selects its package, on this page or anywhere in the list. */
export function ScanToSelect({
  onPage,
  onFound,
}: {
  onPage: readonly StaffPackageRow[];
  onFound: (p: StaffPackageRow) => void;
}) {
  const { t } = useLingui();
  const [scan, setScan] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const tn = normalise(scan);
    if (!tn) return;
    setScan('');
    let found = onPage.find((p) => p.tracking_number === tn) ?? null;
    if (!found) {
      try {
        found = await findByTracking(tn);
      } catch (err) {
        setMessage({ ok: false, text: errorMessage(err) });
        return;
      }
    }
    if (!found) {
      setMessage({ ok: false, text: t`${tn}: no such package` });
      return;
    }
    onFound(found);
    setMessage({ ok: true, text: t`${tn} selected` });
  }

  return (
    <Paper p="md" component="section" aria-label={t`Select by scanning`}>
      <TextInput
        label={t`Scan to select`}
        description={t`Scan or type a tracking number and press Enter: its package is added to the selection`}
        leftSection={<IconBarcode size={16} aria-hidden />}
        value={scan}
        onChange={(e) => setScan(e.currentTarget.value)}
        onKeyDown={(e) => void onKey(e)}
        autoComplete="off"
      />
      <Text size="sm" mt={4} c={message?.ok === false ? 'red.8' : 'dimmed'} aria-live="polite" mih={20}>
        {message?.text ?? ''}
      </Text>
    </Paper>
  );
}
