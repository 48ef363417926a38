import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../../../features/auth/InvitationPage';

export const Route = createFileRoute('/_blank/invite/$token')({
  component: function InvitationRoute() {
    const { token } = Route.useParams();
    return <InvitationPage token={token} />;
  },
});
