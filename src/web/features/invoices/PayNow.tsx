import './i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import type { InvoiceStatus, InvoiceSummary } from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { formatAmount } from '../../lib/money/money';
import { useOnline } from '../../lib/offline/offline-status';
import { offlineReason } from '../../lib/offline/online';
import { paymentOptionsQueryOptions } from './api';
import { type PayBlocked, PayButton } from './components/PayButton';
import { useCheckout } from './hooks';

/** An invoice the customer can pay online now: issued and not (fully) paid. */
const PAYABLE: ReadonlySet<InvoiceStatus> = new Set(['issued', 'partially_paid', 'overdue']);
export const isPayable = (inv: Pick<InvoiceSummary, 'status' | 'balance_cents'>) =>
  PAYABLE.has(inv.status) && inv.balance_cents > 0;

/** Why paying cannot start now, as the app's online state says (the browser, or a server that does not answer). */
function usePayBlocked(): PayBlocked {
  const online = useOnline();
  return online ? null : offlineReason();
}

/**
 * Starts a checkout for invoices and leaves for the provider's page; the button is not shown while the company
 * has no online payments (or while that is not known: offline on a device that never asked).
 */
function PayFor({
  invoiceIds,
  label,
  variant,
  note,
  navigate,
}: {
  invoiceIds: string[];
  label: string;
  variant?: 'filled' | 'light';
  note?: ReactNode;
  navigate?: ((url: string) => void) | undefined;
}) {
  const options = useQuery(paymentOptionsQueryOptions());
  const blocked = usePayBlocked();
  const checkout = useCheckout(navigate);
  // A second click before the first reply must not start a second attempt (its key would be the same anyway).
  const started = useRef(false);
  const provider = options.data?.provider;
  if (provider !== 'test' && provider !== 'wipay') return null;
  return (
    <PayButton
      label={label}
      variant={variant}
      note={note}
      blocked={blocked}
      starting={checkout.isPending || checkout.isSuccess}
      error={checkout.isError ? errorMessage(checkout.error) : null}
      onPay={() => {
        if (started.current) return;
        started.current = true;
        checkout.mutate(invoiceIds, {
          onError: () => {
            started.current = false;
          },
        });
      }}
    />
  );
}

/** "Pay J$12,345.00 now" on an unpaid invoice: its balance, paid at the company's provider. */
export function PayInvoice({
  invoice,
  navigate,
}: {
  invoice: Pick<InvoiceSummary, 'id' | 'status' | 'balance_cents' | 'currency'>;
  navigate?: (url: string) => void;
}) {
  const { t } = useLingui();
  if (!isPayable(invoice)) return null;
  const amount = formatAmount(invoice.balance_cents, invoice.currency);
  return <PayFor invoiceIds={[invoice.id]} label={t`Pay ${amount} now`} navigate={navigate} />;
}

/**
 * "Pay all (3 invoices)" on the list, when more than one invoice is unpaid in the same currency; one payment for
 * their balances together.
 */
export function PayAll({
  invoices,
  navigate,
}: {
  invoices: Pick<InvoiceSummary, 'id' | 'status' | 'balance_cents' | 'currency'>[];
  navigate?: (url: string) => void;
}) {
  const { t } = useLingui();
  const unpaid = invoices.filter(isPayable);
  const currencies = new Set(unpaid.map((i) => i.currency));
  if (unpaid.length < 2 || currencies.size !== 1) return null;
  const total = unpaid.reduce((sum, i) => sum + i.balance_cents, 0);
  const count = unpaid.length;
  const amount = formatAmount(total, unpaid[0]?.currency);
  const label = t({ message: plural(count, { one: 'Pay all (# invoice)', other: 'Pay all (# invoices)' }) });
  return (
    <PayFor
      invoiceIds={unpaid.map((i) => i.id)}
      label={label}
      navigate={navigate}
      note={
        <Text size="sm" c="dimmed" data-testid="pay-all-total">
          <Trans>
            <bdi>{amount}</bdi> in all
          </Trans>
        </Text>
      }
    />
  );
}

/** "Try again" after a declined or cancelled payment: a new attempt for the same invoices. */
export function PayAgain({
  invoiceIds,
  navigate,
}: {
  invoiceIds: string[];
  navigate?: (url: string) => void;
}) {
  const { t } = useLingui();
  return <PayFor invoiceIds={invoiceIds} label={t`Try again`} navigate={navigate} />;
}
