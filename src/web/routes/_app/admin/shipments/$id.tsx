import { createFileRoute } from '@tanstack/react-router';
import { shipmentQueryOptions } from '../../../../features/shipments/api';
import { ShipmentDetail } from '../../../../features/shipments/ShipmentDetail';

export const Route = createFileRoute('/_app/admin/shipments/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(shipmentQueryOptions(params.id));
  },
  component: function ShipmentRoute() {
    const { id } = Route.useParams();
    return <ShipmentDetail id={id} />;
  },
});
