import './i18n';
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import type {
  CreateInvoiceBody,
  InvoiceDetail,
  InvoiceSummary,
  UpdateInvoiceBody,
} from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { adminInvoiceKeys, invoiceChanges, refreshInvoice } from './api';
import {
  afterInvoiceSaved,
  createInvoice,
  previewQueryOptions,
  sendInvoice,
  updateInvoice,
} from './form-api';
import {
  type InvoiceFormValues,
  previewBody,
  type SaveIntent,
  serverFieldNames,
  toFormPath,
} from './form-values';
import type { LineTotal } from './InvoiceFormLines';
import type { TotalsState } from './InvoiceFormTotals';
import { isOpen } from './labels';

/**
 * The staff invoice screens' mutations. Each refreshes every query that shows what it changed (lists, stat cards,
 * the invoice, its history): the screens only call them.
 */

/** After a change the server answered with the whole invoice: it is shown at once, and the rest refetched. */
export function useInvoiceChanged() {
  const queryClient = useQueryClient();
  return (inv: InvoiceDetail) => {
    queryClient.setQueryData(adminInvoiceKeys.detail(inv.id), inv);
    void refreshInvoice(queryClient, inv.id);
  };
}

export type BulkResult = Awaited<ReturnType<typeof invoiceChanges.bulkSend>>;

/** Sends the selected invoices; `onSent` gets the result (what was queued, what was refused and why). */
export function useBulkSend(onSent: (result: BulkResult) => void) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceChanges.bulkSend,
    networkMode: 'always',
    onSuccess: (result) => {
      onSent(result);
      void refreshInvoice(queryClient);
      const sent = result.sent;
      const failed = result.failed.length;
      notifications.show({
        color: failed ? 'orange' : 'green',
        title: failed ? t`${sent} sent, ${failed} failed` : t`${sent} sent`,
        message: failed ? t`See the list above the invoices` : t`Each customer got their invoice`,
      });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t`Nothing was sent`, message: errorMessage(e) }),
  });
}

export function useCancelInvoice(onCancelled: () => void) {
  const { t } = useLingui();
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => invoiceChanges.cancel(id, reason),
    networkMode: 'always',
    onSuccess: (inv) => {
      changed(inv);
      notifications.show({
        color: 'green',
        title: t`Invoice cancelled`,
        message: `${inv.number}: ${inv.cancel_reason}`,
      });
      onCancelled();
    },
  });
}

/** A new draft copied from an invoice, opened in the editor. */
export function useDuplicateInvoice() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (inv: Pick<InvoiceSummary, 'id' | 'number'>) => invoiceChanges.duplicate(inv.id),
    networkMode: 'always',
    onSuccess: (copy, source) => {
      void refreshInvoice(queryClient);
      notifications.show({
        color: 'green',
        title: t`Invoice duplicated`,
        message: source.number
          ? t`A new draft from ${{ number: source.number }}: check it and issue it`
          : t`A new draft from the draft: check it and issue it`,
      });
      void navigate({ to: '/admin/invoice/edit/$id', params: { id: copy.id } });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: t`Could not duplicate`, message: errorMessage(e) }),
  });
}

/** Deleting a draft (through the confirm dialog): its cached record goes, the lists refetch. */
export function useDraftRemoval<T extends Pick<InvoiceSummary, 'id' | 'customer'>>(
  onDeleted?: (inv: T) => void,
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return {
    remove: (inv: T) => invoiceChanges.remove(inv.id),
    onDeleted: (inv: T) => {
      queryClient.removeQueries({ queryKey: adminInvoiceKeys.detail(inv.id) });
      notifications.show({
        color: 'green',
        title: t`Draft deleted`,
        message: t`The draft for ${{ customer: inv.customer.name }}`,
      });
      onDeleted?.(inv);
    },
    refresh: () => refreshInvoice(queryClient),
  };
}

export function useReversePayment(
  invoiceId: string,
  paymentId: string,
  onReversed: (inv: InvoiceDetail) => void,
) {
  return useMutation({
    mutationFn: (reason: string) => invoiceChanges.reversePayment(invoiceId, paymentId, reason),
    networkMode: 'always',
    onSuccess: onReversed,
  });
}

/** The PDF download under way (its invoice's id), with a toast when it fails. */
export function usePdfDownload(download: (id: string, number: string | null) => Promise<void>) {
  const { t } = useLingui();
  const [downloading, setDownloading] = useState<string | null>(null);
  const start = async (inv: Pick<InvoiceSummary, 'id' | 'number'>) => {
    setDownloading(inv.id);
    try {
      await download(inv.id, inv.number);
    } catch (e) {
      notifications.show({ color: 'red', title: t`Could not download the PDF`, message: errorMessage(e) });
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, start };
}

/** Invoices ticked for a bulk send, by id, kept across pages, with their numbers for the report. */
export function useInvoiceSelection(onPage: InvoiceSummary[]) {
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const set = (invoices: InvoiceSummary[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const inv of invoices) {
        if (on) next.set(inv.id, inv.number ?? '');
        else next.delete(inv.id);
      }
      return next;
    });
  const selectable = onPage.filter((i) => isOpen(i.status));
  return {
    selected,
    selectable,
    /** How many of this page's selectable invoices are ticked. */
    ticked: selectable.filter((i) => selected.has(i.id)).length,
    toggle: (inv: InvoiceSummary, on: boolean) => set([inv], on),
    togglePage: (on: boolean) => set(selectable, on),
    clear: () => setSelected(new Map()),
  };
}
export type InvoiceSelection = ReturnType<typeof useInvoiceSelection>;

/**
 * The invoice form priced by the server (the only arithmetic) a moment after the typing stops: the preview, whether
 * its figures are those of the form as it is now, each line's total by the line's key, and the company's tax rate
 * as the server applied it while the field was empty.
 */
export function useInvoicePricing(values: InvoiceFormValues) {
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

  return { preview, totalsState, lineTotals, companyRate };
}

type Saved = { invoice: InvoiceDetail; sendError: string | null };

/**
 * Saving the invoice form: create or update, then (for "… and send") the send; the saved invoice shown at once and
 * every list refetched, a toast saying what happened, and on to its preview. A send that fails after the save
 * leaves the invoice saved, and says so.
 */
export function useInvoiceSave({
  form,
  invoice,
  intent,
  toBody,
  onLeave,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  invoice: InvoiceDetail | null;
  intent: RefObject<SaveIntent>;
  toBody: (v: InvoiceFormValues) => CreateInvoiceBody | UpdateInvoiceBody;
  onLeave: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const client = useQueryClient();
  const revising = invoice !== null && invoice.status !== 'draft';
  const values = form.getValues();
  return useFormSubmit<InvoiceFormValues, CreateInvoiceBody | UpdateInvoiceBody, Saved>({
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
      onLeave();
      const name = saved.number ? t`Invoice ${{ number: saved.number }}` : t`The draft`;
      const email = saved.customer.email;
      if (sendError) {
        notifications.show({ color: 'red', title: t`${name} was saved but not sent`, message: sendError });
      } else {
        notifications.show({
          color: 'teal.9',
          message:
            intent.current === 'send'
              ? t`${name} is being sent to ${email}`
              : saved.status === 'draft'
                ? t`${name} was saved`
                : revising
                  ? t`${name} was revised`
                  : t`${name} was issued`,
        });
      }
      void navigate({ to: '/admin/invoice/preview/$id', params: { id: saved.id } });
    },
    failure: t`The invoice was not saved. Please try again.`,
    errorSink: {
      values: serverFieldNames(values.lines.length),
      setFieldError: (path, error) => form.setFieldError(toFormPath(path), error),
    },
  });
}
