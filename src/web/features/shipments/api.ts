import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { shipmentCalls } from '../../../contract/shipments.calls';
import { api } from '../../lib/api';

export const shipmentKeys = {
  all: ['shipments'] as const,
  list: (q: string | undefined, page: number) => ['shipments', 'list', { q, page }] as const,
  detail: (id: string) => ['shipments', 'detail', id] as const,
};

export const SHIPMENT_PAGE_SIZE = 20;

export const shipmentsQueryOptions = (q: string | undefined, page: number) =>
  queryOptions({
    queryKey: shipmentKeys.list(q, page),
    queryFn: () => api.call(shipmentCalls.list, { query: { q, page, pageSize: SHIPMENT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const shipmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shipmentKeys.detail(id),
    queryFn: () => api.call(shipmentCalls.one, { params: { id } }),
  });

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** The manifest through the API client (bearer and refresh), saved under the shipment's reference. */
export async function downloadManifest(id: string, reference: string, kind: 'csv' | 'pdf'): Promise<void> {
  const blob = await api.call(kind === 'csv' ? shipmentCalls.manifestCsv : shipmentCalls.manifestPdf, {
    params: { id },
  });
  save(blob, `manifest-${reference.replace(/[^A-Za-z0-9._-]+/g, '-')}.${kind}`);
}
