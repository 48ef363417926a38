import { createFileRoute } from '@tanstack/react-router';
import { SharedPassPage } from '../../../features/pickup-pass/SharedPassPage';

export const Route = createFileRoute('/_blank/pass/$token')({
  component: function SharedPassRoute() {
    const { token } = Route.useParams();
    return <SharedPassPage token={token} />;
  },
});
