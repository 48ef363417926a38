import '@mantine/core/styles/Tabs.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconBarcode, IconBuildingStore, IconCamera, IconReportMoney, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryError } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { CameraScan } from '../../components/scan/CameraScan';
import { isApiError } from '../../lib/api';
import { counterLookupQueryOptions } from './api';
import { Closeout } from './components/Closeout';
import { CustomerAtCounter } from './components/CustomerAtCounter';
import { type CounterSearch, type CounterTab, classifyLookup } from './search';

export type CounterChange = (patch: Partial<CounterSearch>, options?: { replace?: boolean }) => void;

import type { RenderPayment } from './api';

export type { RenderPayment };

/** The counter's URL state, how the screen changes it, and the invoices' payment drawer (composed by the route). */
interface CounterProps {
  search: CounterSearch;
  onChange: CounterChange;
  renderPayment: RenderPayment;
}

/**
 * /admin/counter: the pickup desk. A scanner (or the clerk) types a mailbox or a package's tracking number and
 * Enter; the customer's parcels, what they owe and who may collect for them follow; payment, then release. The
 * close-out tab sums a day at the counter.
 */
export function CounterScreen({ search, onChange, renderPayment }: CounterProps) {
  const { t } = useLingui();
  usePageTitle(t`Pickup counter`);
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Pickup counter`}
        description={t`Find a customer by mailbox number, pickup pass or by scanning a package, take payment, and release their parcels against a photo ID.`}
      />
      <Tabs
        value={search.tab}
        onChange={(tab) => tab && onChange({ tab: tab as CounterTab })}
        keepMounted={false}
        activateTabWithKeyboard
      >
        <Tabs.List>
          <Tabs.Tab value="counter" leftSection={<IconBuildingStore size={16} aria-hidden />}>
            <Trans>Counter</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="closeout" leftSection={<IconReportMoney size={16} aria-hidden />}>
            <Trans>Close-out</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="counter" pt="md">
          <CounterDesk search={search} onChange={onChange} renderPayment={renderPayment} />
        </Tabs.Panel>
        <Tabs.Panel value="closeout" pt="md">
          <Closeout date={search.date} onDate={(date) => onChange({ date }, { replace: true })} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CounterDesk({ search, onChange, renderPayment }: CounterProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const current = search.mailbox ?? search.tracking ?? search.pass ?? '';
  const [value, setValue] = useState(current);
  // The URL changed by itself (back button, a link): show what it holds.
  useEffect(() => setValue(current), [current]);
  // A scanner types into whatever has the focus: the lookup field has it on arrival.
  useEffect(() => inputRef.current?.focus(), []);

  const q = { mailbox: search.mailbox, tracking: search.tracking, pass: search.pass };
  const lookup = useQuery(counterLookupQueryOptions(q));

  const [camera, setCamera] = useState(false);
  const lookUp = (raw: string) => {
    const next = classifyLookup(raw);
    if (!next.mailbox && !next.tracking && !next.pass) return;
    // The same number again (the next scan of the same customer): look again rather than keep a stale view.
    if (next.mailbox === search.mailbox && next.tracking === search.tracking && next.pass === search.pass)
      void lookup.refetch();
    onChange({ mailbox: next.mailbox, tracking: next.tracking, pass: next.pass });
    inputRef.current?.select();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    lookUp(value);
  };
  // Stable: the camera restarts whenever its handler changes. A pass's QR code (or a label) read: looked up at once.
  const lookUpRef = useRef(lookUp);
  lookUpRef.current = lookUp;
  const onCode = useCallback((code: string) => {
    setCamera(false);
    setValue(code);
    lookUpRef.current(code);
  }, []);

  const status = lookup.isError && isApiError(lookup.error) ? lookup.error.status : null;
  // 410: a pickup pass whose parcels were all collected.
  const notFound = status === 404 || status === 410;

  return (
    <Stack gap="lg">
      <form onSubmit={submit} aria-label={t`Find a customer`}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={inputRef}
            label={t`Mailbox, tracking number or pass code`}
            description={t`Type a mailbox number or pickup pass code, or scan a package label or pass, then Enter`}
            placeholder={t`IEX-10234, a tracking number or 7KQM-3XHP`}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            leftSection={<IconBarcode size={16} aria-hidden />}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            style={{ flex: '1 1 280px', minWidth: 0 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            <Trans>Look up</Trans>
          </Button>
          <Button
            variant="default"
            onClick={() => setCamera(true)}
            leftSection={<IconCamera size={16} aria-hidden />}
          >
            <Trans>Scan with the camera</Trans>
          </Button>
        </Group>
      </form>
      <CameraScan
        opened={camera}
        onClose={() => setCamera(false)}
        onCode={onCode}
        title={t`Scan a pickup pass or label`}
        fallback={t`Type the pass code or mailbox number, or use the handheld scanner instead.`}
      />

      {!q.mailbox && !q.tracking && !q.pass ? (
        <Text c="dimmed">
          <Trans>Nobody at the desk yet: look a customer up to see their parcels.</Trans>
        </Text>
      ) : lookup.isPending ? (
        <LoadingRows label={t`Looking the customer up`} count={3} h={80} />
      ) : notFound ? (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={status === 410 ? t`Pass already used` : t`Nobody found`}
        >
          {lookup.error?.message || t`No customer matches this number.`}{' '}
          <Trans>Check the number, or scan the package label.</Trans>
        </Alert>
      ) : lookup.isError && !lookup.data ? (
        <QueryError
          title={t`The customer could not be looked up`}
          error={lookup.error}
          onRetry={() => void lookup.refetch()}
        />
      ) : lookup.data ? (
        <CustomerAtCounter
          key={lookup.data.customer.id}
          data={lookup.data}
          renderPayment={renderPayment}
          onReleased={() => {
            // Found by a pass: the customer stays at the desk by mailbox (a pass used up answers 410).
            if (search.pass && lookup.data) {
              onChange({ mailbox: lookup.data.customer.mailbox_number }, { replace: true });
            } else void lookup.refetch();
            inputRef.current?.focus();
            inputRef.current?.select();
          }}
          onPaymentClosed={() => void lookup.refetch()}
        />
      ) : null}
    </Stack>
  );
}
