import '@mantine/core/styles/NumberInput.css';
import './i18n';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PurchaseRequest } from '../../../contract/purchase-requests';
import { ModalForm } from '../../components/ModalForm';
import { zodResolver } from '../../lib/form';
import { useBusy } from '../../lib/offline/busy';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { PurchaseRequestBody } from './api';
import {
  emptyPurchaseRequest,
  type PurchaseRequestFormValues,
  purchaseRequestFormSchema,
  SERVER_FIELD_ALIASES,
  toPurchaseRequestBody,
} from './purchase-request-form';

export type SendPurchaseRequest = (body: PurchaseRequestBody) => Promise<PurchaseRequest>;

/**
 * A new purchase request: every field labelled, the contract's rules on each (http/https links only), the
 * server's messages on their fields when it refuses. Lives in a modal; `onCancel` closes it.
 */
export function PurchaseRequestForm({
  send,
  onSent,
  onCancel,
  onPendingChange,
}: {
  send: SendPurchaseRequest;
  onSent: (sent: PurchaseRequest) => void;
  onCancel: () => void;
  /** Told when sending starts and ends (the modal does not close mid-send). */
  onPendingChange?: (pending: boolean) => void;
}) {
  const { t } = useLingui();
  const form = useForm<PurchaseRequestFormValues>({
    mode: 'controlled',
    initialValues: emptyPurchaseRequest(),
    validate: zodResolver(purchaseRequestFormSchema),
    validateInputOnBlur: true,
  });
  useBusy(form.isDirty(), 'purchase request form');

  // The server names the estimate in cents; the form holds it in dollars under its own name.
  const errorSink = {
    values: {
      ...form.getValues(),
      ...Object.fromEntries(Object.keys(SERVER_FIELD_ALIASES).map((k) => [k, ''])),
    },
    setFieldError: (path: string, error: string) =>
      form.setFieldError(SERVER_FIELD_ALIASES[path] ?? path, error),
  };

  const submission = useFormSubmit({
    form,
    toBody: toPurchaseRequestBody,
    send,
    onSent,
    failure: t`The request was not sent. Please try again.`,
    errorSink,
    onPendingChange,
  });
  const { busy } = submission;

  return (
    <ModalForm
      submission={submission}
      label={t`New purchase request`}
      errorTitle={t`Not sent`}
      submitLabel={t`Send request`}
      onCancel={onCancel}
    >
      <TextInput
        label={t`Product link`}
        description={t`The product page, starting with https://`}
        type="url"
        inputMode="url"
        placeholder="https://"
        required
        autoComplete="off"
        spellCheck={false}
        disabled={busy}
        data-autofocus
        key={form.key('product_url')}
        {...form.getInputProps('product_url')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t`Item name`}
          description={t`As the store names it`}
          required
          autoComplete="off"
          disabled={busy}
          key={form.key('item_name')}
          {...form.getInputProps('item_name')}
        />
        <TextInput
          label={t`Store (optional)`}
          description={t`Empty: the link's site`}
          autoComplete="off"
          disabled={busy}
          key={form.key('store')}
          {...form.getInputProps('store')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberInput
          label={t`Quantity`}
          description={t`From 1 to 99`}
          required
          min={1}
          max={99}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          disabled={busy}
          key={form.key('quantity')}
          {...form.getInputProps('quantity')}
        />
        <NumberInput
          label={t`Price estimate (USD, optional)`}
          description={t`What the store asks, if you know`}
          prefix="$"
          thousandSeparator=","
          decimalScale={2}
          allowNegative={false}
          hideControls
          inputMode="decimal"
          disabled={busy}
          key={form.key('estimated_price')}
          {...form.getInputProps('estimated_price')}
        />
      </SimpleGrid>
      <TextInput
        label={t`Options (optional)`}
        description={t`Size, colour, model…`}
        autoComplete="off"
        disabled={busy}
        key={form.key('options')}
        {...form.getInputProps('options')}
      />
      <Textarea
        label={t`Notes (optional)`}
        description={t`Anything we should know before buying`}
        rows={3}
        disabled={busy}
        key={form.key('notes')}
        {...form.getInputProps('notes')}
      />
    </ModalForm>
  );
}
