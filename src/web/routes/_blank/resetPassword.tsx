import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../../features/auth/ResetPasswordForm';

export const Route = createFileRoute('/_blank/resetPassword')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordForm token={token} />;
  },
});
