import { useQueryClient } from '@tanstack/react-query';
import type { ShipmentStep } from '../../../contract/constants';
import type { ShipmentDetail } from '../../../contract/shipments';
import { useChange } from '../../lib/use-change';
import {
  addToShipment,
  advanceShipment,
  createShipment,
  removeFromShipment,
  type ShipmentFields,
  shipmentKeys,
  updateShipment,
} from './api';

export const useCreateShipment = () =>
  useChange({ mutationFn: (body: ShipmentFields) => createShipment(body), changes: ['shipment'] });

/**
 * A change to one shipment: its page shows the server's answer at once, and its history refreshes. Moving its
 * packages (in, out, on to the next status) changes those packages too: every screen that shows them refreshes.
 */
function useShipmentChange<TVars, TResult>(
  id: string,
  mutationFn: (vars: TVars) => Promise<TResult>,
  shipmentOf: (result: TResult) => ShipmentDetail,
  packagesToo: boolean,
) {
  const client = useQueryClient();
  return useChange({
    mutationFn,
    changes: packagesToo ? ['shipment', 'package'] : ['shipment'],
    audit: () => [['shipment', id]],
    onSuccess: (result) => client.setQueryData(shipmentKeys.detail(id), shipmentOf(result)),
  });
}

const itself = (s: ShipmentDetail) => s;
const withShipment = (r: { shipment: ShipmentDetail }) => r.shipment;

export const useUpdateShipment = (id: string) =>
  useShipmentChange(id, (body: ShipmentFields) => updateShipment(id, body), itself, false);

export const useAddToShipment = (id: string) =>
  useShipmentChange(
    id,
    (v: { tracking: string; move: boolean }) => addToShipment(id, v.tracking, v.move),
    withShipment,
    true,
  );

export const useRemoveFromShipment = (id: string) =>
  useShipmentChange(id, (packageId: string) => removeFromShipment(id, packageId), itself, true);

export const useAdvanceShipment = (id: string) =>
  useShipmentChange(id, (status: ShipmentStep) => advanceShipment(id, status), withShipment, true);
