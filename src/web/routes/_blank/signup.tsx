import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SignupForm } from '../../features/auth/SignupForm';
import { parishesQueryOptions } from '../../lib/reference/api';

export const Route = createFileRoute('/_blank/signup')({
  component: function SignupRoute() {
    const parishes = useQuery(parishesQueryOptions());
    return (
      <SignupForm
        parishes={parishes.data ?? []}
        parishesLoading={parishes.isPending}
        parishesError={parishes.error ? parishes.error.message : null}
      />
    );
  },
});
