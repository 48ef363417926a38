import { createFileRoute } from '@tanstack/react-router';
import { VerifyToken } from '../../../features/auth/VerificationScreens';

export const Route = createFileRoute('/_blank/verification/$id')({
  component: function VerifyTokenRoute() {
    const { id } = Route.useParams();
    return <VerifyToken token={id} />;
  },
});
