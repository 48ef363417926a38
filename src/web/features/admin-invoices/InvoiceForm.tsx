import '@mantine/core/styles/Grid.css';
import '@mantine/dates/styles.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { currencySymbol } from '../../../contract/format';
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
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDay } from '../../lib/money/money';
import { useFormSubmit } from '../../lib/use-form-submit';
import {
  afterInvoiceSaved,
  createInvoice,
  invoiceDefaultsQueryOptions,
  invoiceFormQueryOptions,
  previewQueryOptions,
  sendInvoice,
  unbilledQueryOptions,
  updateInvoice,
} from './form-api';
import {
  createBody,
  type DiscountKind,
  emptyValues,
  type InvoiceFormValues,
  parseDay,
  previewBody,
  rateToPercent,
  type SaveIntent,
  serverFieldNames,
  toFormPath,
  togglePackage,
  updateBody,
  validateWith,
  valuesFromInvoice,
} from './form-values';
import { InvoiceFormCustomer } from './InvoiceFormCustomer';
import { InvoiceFormGuard } from './InvoiceFormGuard';
import { InvoiceFormLines, type LineTotal } from './InvoiceFormLines';
import { InvoiceFormPackages } from './InvoiceFormPackages';
import { InvoiceFormTotals, type TotalsState } from './InvoiceFormTotals';
import { STATUS_LABELS } from './labels';

/** /admin/invoice/add (no id) and /admin/invoice/edit/$id: the invoice form, or why the invoice cannot change. */
export function InvoiceForm({ id }: { id?: string }) {
  if (!id) return <InvoiceFormEditor invoice={null} />;
  return <InvoiceFormLoader id={id} />;
}

function InvoiceFormLoader({ id }: { id: string }) {
  const query = useQuery(invoiceFormQueryOptions(id));
  usePageTitle(query.data?.number ? `Edit invoice ${query.data.number}` : 'Edit invoice');
  if (query.isPending) return <Skeleton h={480} aria-label="Loading the invoice" />;
  if (query.isError) {
    return (
      <QueryError
        title="The invoice could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const invoice = query.data;
  if (invoice.status === 'paid' || invoice.status === 'cancelled') {
    return (
      <Stack gap="md">
        <ScreenHeader title={`Invoice ${invoice.number ?? ''}`.trim()} description={invoice.customer.name} />
        <Alert
          color="gray"
          variant="light"
          title={`This invoice is ${invoice.status} and can no longer change`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {invoice.status === 'paid'
                ? 'A paid invoice is final. Reverse a payment first if it must change, or duplicate it for a new one.'
                : 'A cancelled invoice is final. Duplicate it to bill the customer again.'}
            </Text>
            <Anchor
              renderRoot={(props) => <Link to="/admin/invoice/preview/$id" params={{ id }} {...props} />}
            >
              View the invoice
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  // A fresh form per invoice version: the form starts from what the server holds.
  return <InvoiceFormEditor key={`${invoice.id}:${invoice.updated_at}`} invoice={invoice} />;
}

type Saved = { invoice: InvoiceDetail; sendError: string | null };

function InvoiceFormEditor({ invoice }: { invoice: InvoiceDetail | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const revising = invoice !== null && invoice.status !== 'draft';
  const intent = useRef<SaveIntent>('draft');
  const leaving = useRef(false);
  usePageTitle(invoice ? `Edit invoice ${invoice.number ?? '(draft)'}` : 'New invoice');

  const toBody = (v: InvoiceFormValues): CreateInvoiceBody | UpdateInvoiceBody =>
    invoice ? updateBody(v, intent.current, revising) : createBody(v, intent.current);
  const checkBody = validateWith(invoice ? updateInvoiceBodySchema : createInvoiceBodySchema, toBody);
  const form = useForm<InvoiceFormValues>({
    mode: 'controlled',
    initialValues: invoice ? valuesFromInvoice(invoice) : emptyValues(),
    validate: (v) => {
      const errors = checkBody(v);
      if (!invoice && v.lines.length === 0) errors.lines ??= 'Add at least one line';
      if (revising && !v.revision_note.trim()) {
        errors.revision_note = 'Say why the issued invoice changes (the customer sees the new revision)';
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
  const taxLabel = defaults.data?.invoice.tax_label || 'Tax';

  // The server prices the form a moment after the typing stops; the lines are matched to its answer by key.
  const body = previewBody(values);
  const request = JSON.stringify({ body, keys: values.lines.map((l) => l.key) });
  const [debounced] = useDebouncedValue(request, 350);
  const asked = useMemo(() => JSON.parse(debounced) as { body: typeof body; keys: string[] }, [debounced]);
  const preview = useQuery(previewQueryOptions(asked.body));
  const answeredFor = preview.isPlaceholderData ? null : asked.keys;
  const waiting = request !== debounced || preview.isFetching || preview.isPlaceholderData;
  const totalsState: TotalsState =
    body === null
      ? 'invalid'
      : preview.isError && !waiting
        ? 'error'
        : waiting || !preview.data
          ? 'updating'
          : 'ready';
  const lineTotals = useMemo(() => {
    const out = new Map<string, LineTotal>();
    const priced = preview.data?.lines ?? [];
    const keys = answeredFor ?? asked.keys;
    keys.forEach((key, i) => {
      const line = priced[i];
      if (line) out.set(key, { cents: line.line_total_cents, stale: totalsState !== 'ready' });
    });
    return out;
  }, [preview.data, answeredFor, asked.keys, totalsState]);

  // The company's rate, as the server applied it while the field was empty (the field's hint shows it).
  const [companyRate, setCompanyRate] = useState<string | null>(null);
  useEffect(() => {
    if (values.tax_rate === '' && totalsState === 'ready' && preview.data)
      setCompanyRate(preview.data.tax_rate);
  }, [values.tax_rate, totalsState, preview.data]);

  const unbilled = useQuery(unbilledQueryOptions(values.customer_id));
  const packageLabels = useMemo(() => {
    const out = new Map<string, string>();
    for (const l of invoice?.lines ?? [])
      if (l.package_id && l.tracking_number) out.set(l.package_id, l.tracking_number);
    for (const p of unbilled.data ?? []) out.set(p.id, p.tracking_number);
    return out;
  }, [invoice, unbilled.data]);

  const submission = useFormSubmit<InvoiceFormValues, CreateInvoiceBody | UpdateInvoiceBody, Saved>({
    form,
    toBody,
    send: async (b) => {
      const saved = invoice
        ? await updateInvoice(invoice.id, b as UpdateInvoiceBody)
        : await createInvoice(b as CreateInvoiceBody);
      if (intent.current !== 'send') return { invoice: saved, sendError: null };
      try {
        return { invoice: await sendInvoice(saved.id), sendError: null };
      } catch (e) {
        // Saved (and issued when the send got that far) but not mailed: the preview can send it again.
        return { invoice: saved, sendError: errorMessage(e) };
      }
    },
    onSent: ({ invoice: saved, sendError }) => {
      afterInvoiceSaved(client, saved);
      leaving.current = true;
      const name = saved.number ? `Invoice ${saved.number}` : 'The draft';
      if (sendError) {
        notifications.show({ color: 'red', title: `${name} was saved but not sent`, message: sendError });
      } else {
        notifications.show({
          color: 'teal.9',
          message:
            intent.current === 'send'
              ? `${name} is being sent to ${saved.customer.email}`
              : saved.status === 'draft'
                ? `${name} was saved`
                : revising
                  ? `${name} was revised`
                  : `${name} was issued`,
        });
      }
      void navigate({ to: '/admin/invoice/preview/$id', params: { id: saved.id } });
    },
    failure: 'The invoice was not saved. Please try again.',
    errorSink: {
      values: serverFieldNames(values.lines.length),
      setFieldError: (path, error) => form.setFieldError(toFormPath(path), error),
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
        message: `${dropped} package line${dropped === 1 ? '' : 's'} of the previous customer taken off`,
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
  const dueHint = defaults.data
    ? `Empty: ${defaults.data.invoice_due_days} days after the issue date`
    : 'Empty: the company’s usual days after the issue date';

  return (
    <Stack gap="md">
      <ScreenHeader
        title={invoice ? `Edit invoice ${invoice.number ?? '(draft)'}` : 'New invoice'}
        description={
          invoice
            ? `${STATUS_LABELS[invoice.status]}${invoice.revision > 0 ? `, revision ${invoice.revision}` : ''} · ${invoice.customer.name} · ${formatAmount(invoice.total_cents, invoice.currency)}`
            : 'Bill a customer’s packages and any other charges; the totals are the server’s.'
        }
      />
      <form ref={submission.formRef} onSubmit={submission.onSubmit} noValidate aria-label="Invoice">
        <Stack gap="md">
          <FormErrorAlert title="Not saved" error={submission.formError} />
          {revising && (
            <Alert color="blue" variant="light" title="This invoice is issued">
              Saving records a new revision: the customer sees the latest, and the history keeps why it
              changed.
            </Alert>
          )}
          <Card withBorder padding="md" component="section" aria-labelledby="invoice-customer-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="invoice-customer-title">
                Customer and dates
              </Title>
              {invoice ? (
                <div>
                  <Text size="sm" fw={500}>
                    Customer
                  </Text>
                  <Text data-testid="invoice-customer">
                    {invoice.customer.mailbox_number} · {invoice.customer.name} · {invoice.customer.email}
                  </Text>
                </div>
              ) : (
                <InvoiceFormCustomer
                  value={values.customer_id}
                  onChange={chooseCustomer}
                  error={form.errors.customer_id}
                  disabled={busy}
                />
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DateInput
                  label="Issue date"
                  description={
                    revising && invoice?.issue_date
                      ? `Issued ${formatDay(invoice.issue_date)}`
                      : 'Empty: the day it is issued'
                  }
                  placeholder="e.g. 2026-12-05"
                  valueFormat="MMM D, YYYY"
                  dateParser={parseDay}
                  clearable={!revising}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  previousLabel="Previous month"
                  nextLabel="Next month"
                  clearButtonProps={{ 'aria-label': 'Clear the issue date' }}
                  popoverProps={{ withinPortal: true }}
                  disabled={busy}
                  {...form.getInputProps('issue_date')}
                />
                <DateInput
                  label="Due date"
                  description={dueHint}
                  placeholder="e.g. 2026-12-19"
                  valueFormat="MMM D, YYYY"
                  dateParser={parseDay}
                  clearable={!revising}
                  minDate={values.issue_date ?? undefined}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  previousLabel="Previous month"
                  nextLabel="Next month"
                  clearButtonProps={{ 'aria-label': 'Clear the due date' }}
                  popoverProps={{ withinPortal: true }}
                  disabled={busy}
                  {...form.getInputProps('due_at')}
                />
              </SimpleGrid>
            </Stack>
          </Card>

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
              <Card withBorder padding="md" component="section" aria-labelledby="invoice-terms-title">
                <Stack gap="sm">
                  <Title order={2} size="h4" id="invoice-terms-title">
                    Discount, tax and terms
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <Stack gap={4}>
                      <Text size="sm" fw={500} id="invoice-discount-kind">
                        Discount
                      </Text>
                      <SegmentedControl
                        aria-labelledby="invoice-discount-kind"
                        data={[
                          { value: 'none', label: 'None' },
                          { value: 'amount', label: 'Amount' },
                          { value: 'percent', label: 'Percent' },
                        ]}
                        value={values.discount_kind}
                        onChange={(kind) => form.setFieldValue('discount_kind', kind as DiscountKind)}
                        disabled={busy}
                        fullWidth
                      />
                    </Stack>
                    <NumberInput
                      label={
                        values.discount_kind === 'percent'
                          ? 'Discount (%)'
                          : `Discount (${currencySymbol(currency)})`
                      }
                      description="Off the services, never the customs charges"
                      min={0}
                      max={values.discount_kind === 'percent' ? 100 : undefined}
                      decimalScale={2}
                      fixedDecimalScale={values.discount_kind === 'amount'}
                      thousandSeparator={values.discount_kind === 'amount' ? ',' : undefined}
                      allowNegative={false}
                      hideControls
                      disabled={busy || values.discount_kind === 'none'}
                      {...form.getInputProps('discount_value')}
                    />
                  </SimpleGrid>
                  <NumberInput
                    label={`${taxLabel} rate (%)`}
                    description={
                      companyRate !== null
                        ? `On the services after the discount. Empty: the company’s rate, ${rateToPercent(companyRate)} %`
                        : 'On the services after the discount. Empty: the company’s rate'
                    }
                    placeholder={companyRate !== null ? rateToPercent(companyRate) : undefined}
                    min={0}
                    max={100}
                    decimalScale={4}
                    allowNegative={false}
                    hideControls
                    disabled={busy}
                    maw={{ sm: 260 }}
                    {...form.getInputProps('tax_rate')}
                  />
                  <Textarea
                    label="Notes"
                    description="Printed on the invoice"
                    autosize
                    minRows={2}
                    maxRows={6}
                    disabled={busy}
                    {...form.getInputProps('notes')}
                  />
                  <Textarea
                    label="Payment terms"
                    description={invoice ? undefined : 'Empty: the company’s terms'}
                    placeholder={defaults.data?.invoice.terms || undefined}
                    autosize
                    minRows={2}
                    maxRows={6}
                    disabled={busy}
                    {...form.getInputProps('terms')}
                  />
                </Stack>
              </Card>
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
                    label="Why it changes"
                    description="Required: the history and the customer see it with the new revision"
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
          {/* Always at hand on a long invoice: the server's total and the actions. */}
          <Paper
            withBorder
            shadow="sm"
            p="sm"
            pos={{ base: 'static', sm: 'sticky' }}
            bottom={0}
            style={{ zIndex: 3 }}
            data-testid="invoice-actions"
          >
            <Group justify="space-between" gap="sm">
              <Text fw={700} data-testid="bar-total" c={totalsState === 'ready' ? undefined : 'dimmed'}>
                Total {preview.data ? formatAmount(preview.data.total_cents, currency) : '…'}
              </Text>
              <Group gap="sm" justify="flex-end">
                <Button
                  variant="subtle"
                  disabled={busy}
                  renderRoot={(props) =>
                    invoice ? (
                      <Link to="/admin/invoice/preview/$id" params={{ id: invoice.id }} {...props} />
                    ) : (
                      <Link to="/admin/invoice/list" {...props} />
                    )
                  }
                >
                  Cancel
                </Button>
                {revising ? (
                  <>
                    {submitButton('Save revision', 'draft', 'default')}
                    {submitButton('Save and send', 'send', 'filled')}
                  </>
                ) : (
                  <>
                    {submitButton('Save draft', 'draft', 'default')}
                    {submitButton('Issue', 'issue', 'light')}
                    {submitButton('Issue and send', 'send', 'filled')}
                  </>
                )}
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
      <InvoiceFormGuard dirty={() => !leaving.current && dirty.current} />
    </Stack>
  );
}
