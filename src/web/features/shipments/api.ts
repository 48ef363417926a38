import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ShipmentStep } from '../../../contract/constants';
import type { ShipmentCreate } from '../../../contract/shipments';
import { shipmentCalls } from '../../../contract/shipments.calls';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { queryRoots } from '../../lib/query-keys';

export const shipmentKeys = {
  all: [queryRoots.shipments] as const,
  list: (q: string | undefined, page: number) => [queryRoots.shipments, 'list', { q, page }] as const,
  detail: (id: string) => [queryRoots.shipments, 'detail', id] as const,
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

/** The manifest through the API client (bearer and refresh), saved under the shipment's reference. */
export async function downloadManifest(id: string, reference: string, kind: 'csv' | 'pdf'): Promise<void> {
  const blob = await api.call(kind === 'csv' ? shipmentCalls.manifestCsv : shipmentCalls.manifestPdf, {
    params: { id },
  });
  saveBlob(blob, `manifest-${reference.replace(/[^A-Za-z0-9._-]+/g, '-')}.${kind}`);
}

/** What the new-shipment and edit forms send. */
export type ShipmentFields = Required<Omit<ShipmentCreate, 'departs_on'>> & { departs_on: string | null };

export const createShipment = (body: ShipmentFields) => api.call(shipmentCalls.create, { body });

export const updateShipment = (id: string, body: ShipmentFields) =>
  api.call(shipmentCalls.update, { params: { id }, body });

/** One scanned number; `move` takes it out of the shipment it is in. */
export const addToShipment = (id: string, tracking: string, move: boolean) =>
  api.call(shipmentCalls.addPackages, { params: { id }, body: { tracking_numbers: [tracking], move } });

export const removeFromShipment = (id: string, packageId: string) =>
  api.call(shipmentCalls.removePackage, { params: { id, packageId } });

export const advanceShipment = (id: string, status: ShipmentStep) =>
  api.call(shipmentCalls.advance, { params: { id }, body: { status } });
