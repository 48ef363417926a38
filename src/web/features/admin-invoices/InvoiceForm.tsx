import '@mantine/core/styles/Grid.css';
import './i18n';
import '@mantine/dates/styles.css';
import '@mantine/core/styles/SegmentedControl.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Grid, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import {
  type CreateInvoiceBody,
  createInvoiceBodySchema,
  type InvoiceDetail,
  type UnbilledPackage,
  type UpdateInvoiceBody,
  updateInvoiceBodySchema,
} from '../../../contract/invoices';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatAmount } from '../../lib/money/money';
import { invoiceDefaultsQueryOptions, invoiceFormQueryOptions, unbilledQueryOptions } from './form-api';
import {
  createBody,
  emptyValues,
  type InvoiceFormValues,
  type SaveIntent,
  togglePackage,
  updateBody,
  validateWith,
  valuesFromInvoice,
} from './form-values';
import { useInvoicePricing, useInvoiceSave } from './hooks';
import { InvoiceFormActions } from './InvoiceFormActions';
import { InvoiceFormDates } from './InvoiceFormDates';
import { InvoiceFormGuard } from './InvoiceFormGuard';
import { InvoiceFormLines } from './InvoiceFormLines';
import { InvoiceFormPackages } from './InvoiceFormPackages';
import { InvoiceFormTerms } from './InvoiceFormTerms';
import { InvoiceFormTotals } from './InvoiceFormTotals';
import { STATUS_LABELS } from './labels';

/** /admin/invoice/add (no id) and /admin/invoice/edit/$id: the invoice form, or why the invoice cannot change. */
export function InvoiceForm({ id }: { id?: string }) {
  if (!id) return <InvoiceFormEditor invoice={null} />;
  return <InvoiceFormLoader id={id} />;
}

function InvoiceFormLoader({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(invoiceFormQueryOptions(id));
  const number = query.data?.number;
  usePageTitle(number ? t`Edit invoice ${number}` : t`Edit invoice`);
  if (query.isPending) return <Skeleton h={480} role="status" aria-label={t`Loading the invoice`} />;
  if (query.isError) {
    return (
      <QueryError
        title={t`The invoice could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const invoice = query.data;
  if (invoice.status === 'paid' || invoice.status === 'cancelled') {
    return (
      <Stack gap="md">
        <ScreenHeader
          title={invoice.number ? t`Invoice ${number}` : t`Invoice`}
          description={invoice.customer.name}
        />
        <Alert
          color="gray"
          variant="light"
          title={
            invoice.status === 'paid'
              ? t`This invoice is paid and can no longer change`
              : t`This invoice is cancelled and can no longer change`
          }
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {invoice.status === 'paid'
                ? t`A paid invoice is final. Reverse a payment first if it must change, or duplicate it for a new one.`
                : t`A cancelled invoice is final. Duplicate it to bill the customer again.`}
            </Text>
            <Anchor
              renderRoot={(props) => <Link to="/admin/invoice/preview/$id" params={{ id }} {...props} />}
            >
              <Trans>View the invoice</Trans>
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  // A fresh form per invoice version: the form starts from what the server holds.
  return <InvoiceFormEditor key={`${invoice.id}:${invoice.updated_at}`} invoice={invoice} />;
}

function InvoiceFormEditor({ invoice }: { invoice: InvoiceDetail | null }) {
  const revising = invoice !== null && invoice.status !== 'draft';
  const intent = useRef<SaveIntent>('draft');
  const leaving = useRef(false);
  const { t } = useLingui();
  const number = invoice?.number ?? t`(draft)`;
  const title = invoice ? t`Edit invoice ${number}` : t`New invoice`;
  usePageTitle(title);

  const toBody = (v: InvoiceFormValues): CreateInvoiceBody | UpdateInvoiceBody =>
    invoice ? updateBody(v, intent.current, revising) : createBody(v, intent.current);
  const checkBody = validateWith(invoice ? updateInvoiceBodySchema : createInvoiceBodySchema, toBody);
  const form = useForm<InvoiceFormValues>({
    mode: 'controlled',
    initialValues: invoice ? valuesFromInvoice(invoice) : emptyValues(),
    validate: (v) => {
      const errors = checkBody(v);
      if (!invoice && v.lines.length === 0) errors.lines ??= t`Add at least one line`;
      if (revising && !v.revision_note.trim()) {
        errors.revision_note = t`Say why the issued invoice changes (the customer sees the new revision)`;
      }
      return errors;
    },
  });
  const values = form.getValues();
  // The sticky action bar never hides the field that has the focus (WCAG 2.4.11).
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = '96px';
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);
  const dirty = useRef(false);
  dirty.current = form.isDirty();

  const defaults = useQuery(invoiceDefaultsQueryOptions());
  const taxLabel = defaults.data?.invoice.tax_label || t`Tax`;

  const { preview, totalsState, lineTotals, companyRate } = useInvoicePricing(values);

  const unbilled = useQuery(unbilledQueryOptions(values.customer_id));
  const packageLabels = useMemo(() => {
    const out = new Map<string, string>();
    for (const l of invoice?.lines ?? [])
      if (l.package_id && l.tracking_number) out.set(l.package_id, l.tracking_number);
    for (const p of unbilled.data ?? []) out.set(p.id, p.tracking_number);
    return out;
  }, [invoice, unbilled.data]);

  const submission = useInvoiceSave({
    form,
    invoice,
    intent,
    toBody,
    onLeave: () => {
      leaving.current = true;
    },
  });
  const { busy } = submission;

  const chooseCustomer = (id: string) => {
    const kept = values.lines.filter((l) => !l.package_id);
    const dropped = values.lines.length - kept.length;
    form.setValues({ customer_id: id, lines: kept });
    if (dropped > 0) {
      notifications.show({
        color: 'gray',
        message: plural(dropped, {
          one: '# package line of the previous customer taken off',
          other: '# package lines of the previous customer taken off',
        }),
      });
    }
  };
  const togglePkg = (pkg: UnbilledPackage) => form.setFieldValue('lines', togglePackage(values.lines, pkg));

  const submitButton = (label: string, which: SaveIntent, variant: 'filled' | 'light' | 'default') => (
    <Button
      type="submit"
      variant={variant}
      loading={busy && intent.current === which}
      disabled={busy}
      onClick={() => {
        intent.current = which;
      }}
    >
      {label}
    </Button>
  );

  const currency = preview.data?.currency ?? invoice?.currency ?? 'JMD';
  const dueDays = defaults.data?.invoice_due_days;
  const dueHint =
    dueDays !== undefined
      ? plural(dueDays, {
          one: 'Empty: # day after the issue date',
          other: 'Empty: # days after the issue date',
        })
      : t`Empty: the company’s usual days after the issue date`;
  const revision = invoice?.revision ?? 0;
  const revisionNote = revision > 0 ? t`, revision ${revision}` : '';

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={
          invoice
            ? `${STATUS_LABELS[invoice.status]}${revisionNote} · ${invoice.customer.name} · ${formatAmount(invoice.total_cents, invoice.currency)}`
            : t`Bill a customer’s packages and any other charges; the totals are the server’s.`
        }
      />
      <form ref={submission.formRef} onSubmit={submission.onSubmit} noValidate aria-label={t`Invoice`}>
        <Stack gap="md">
          <FormErrorAlert title={t`Not saved`} error={submission.formError} />
          {revising && (
            <Alert color="blue" variant="light" title={t`This invoice is issued`}>
              <Trans>
                Saving records a new revision: the customer sees the latest, and the history keeps why it
                changed.
              </Trans>
            </Alert>
          )}
          <InvoiceFormDates
            form={form}
            invoice={invoice}
            revising={revising}
            busy={busy}
            dueHint={dueHint}
            onCustomer={chooseCustomer}
          />

          <InvoiceFormPackages
            customerId={values.customer_id}
            lines={values.lines}
            onToggle={togglePkg}
            disabled={busy}
          />

          <InvoiceFormLines
            form={form}
            totals={lineTotals}
            currency={currency}
            packageLabels={packageLabels}
            disabled={busy}
          />

          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <InvoiceFormTerms
                form={form}
                busy={busy}
                currency={currency}
                taxLabel={taxLabel}
                companyRate={companyRate}
                editing={invoice !== null}
                companyTerms={defaults.data?.invoice.terms}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md" pos="sticky" top={72}>
                <InvoiceFormTotals
                  preview={preview.data}
                  state={totalsState}
                  error={preview.error}
                  onRetry={() => void preview.refetch()}
                  taxLabel={taxLabel}
                />
                {revising && (
                  <Textarea
                    label={t`Why it changes`}
                    description={t`Required: the history and the customer see it with the new revision`}
                    required
                    autosize
                    minRows={2}
                    disabled={busy}
                    {...form.getInputProps('revision_note')}
                  />
                )}
              </Stack>
            </Grid.Col>
          </Grid>
          <InvoiceFormActions
            invoice={invoice}
            total={preview.data ? formatAmount(preview.data.total_cents, currency) : '…'}
            ready={totalsState === 'ready'}
            busy={busy}
          >
            {revising ? (
              <>
                {submitButton(t`Save revision`, 'draft', 'default')}
                {submitButton(t`Save and send`, 'send', 'filled')}
              </>
            ) : (
              <>
                {submitButton(t`Save draft`, 'draft', 'default')}
                {submitButton(t`Issue`, 'issue', 'light')}
                {submitButton(t`Issue and send`, 'send', 'filled')}
              </>
            )}
          </InvoiceFormActions>
        </Stack>
      </form>
      <InvoiceFormGuard dirty={() => !leaving.current && dirty.current} />
    </Stack>
  );
}
