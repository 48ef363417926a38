import { createFileRoute, redirect } from '@tanstack/react-router';

// The guard already sends verified users on; this keeps / from ever rendering empty.
export const Route = createFileRoute('/_app/')({
  beforeLoad: () => {
    throw redirect({ to: '/user' });
  },
});
