import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { InvoiceDetail, InvoiceSummary } from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { adminInvoiceKeys, invoiceChanges, refreshInvoice } from './api';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceChanges.bulkSend,
    networkMode: 'always',
    onSuccess: (result) => {
      onSent(result);
      void refreshInvoice(queryClient);
      notifications.show({
        color: result.failed.length ? 'orange' : 'green',
        title: `${result.sent} sent${result.failed.length ? `, ${result.failed.length} failed` : ''}`,
        message: result.failed.length ? 'See the list above the invoices' : 'Each customer got their invoice',
      });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Nothing was sent', message: errorMessage(e) }),
  });
}

export function useCancelInvoice(onCancelled: () => void) {
  const changed = useInvoiceChanged();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => invoiceChanges.cancel(id, reason),
    networkMode: 'always',
    onSuccess: (inv) => {
      changed(inv);
      notifications.show({
        color: 'green',
        title: 'Invoice cancelled',
        message: `${inv.number}: ${inv.cancel_reason}`,
      });
      onCancelled();
    },
  });
}

/** A new draft copied from an invoice, opened in the editor. */
export function useDuplicateInvoice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (inv: Pick<InvoiceSummary, 'id' | 'number'>) => invoiceChanges.duplicate(inv.id),
    networkMode: 'always',
    onSuccess: (copy, source) => {
      void refreshInvoice(queryClient);
      notifications.show({
        color: 'green',
        title: 'Invoice duplicated',
        message: `A new draft from ${source.number ?? 'the draft'}: check it and issue it`,
      });
      void navigate({ to: '/admin/invoice/edit/$id', params: { id: copy.id } });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Could not duplicate', message: errorMessage(e) }),
  });
}

/** Deleting a draft (through the confirm dialog): its cached record goes, the lists refetch. */
export function useDraftRemoval<T extends Pick<InvoiceSummary, 'id' | 'customer'>>(
  onDeleted?: (inv: T) => void,
) {
  const queryClient = useQueryClient();
  return {
    remove: (inv: T) => invoiceChanges.remove(inv.id),
    onDeleted: (inv: T) => {
      queryClient.removeQueries({ queryKey: adminInvoiceKeys.detail(inv.id) });
      notifications.show({
        color: 'green',
        title: 'Draft deleted',
        message: `The draft for ${inv.customer.name}`,
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
  const [downloading, setDownloading] = useState<string | null>(null);
  const start = async (inv: Pick<InvoiceSummary, 'id' | 'number'>) => {
    setDownloading(inv.id);
    try {
      await download(inv.id, inv.number);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not download the PDF', message: errorMessage(e) });
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
