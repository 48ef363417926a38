import { createFileRoute } from '@tanstack/react-router';
import { PrealertScreen } from '../../../../features/prealerts/PrealertScreen';

/** `?outbox=<id>` opens an outbox item the server refused, to edit and resend it. */
export const Route = createFileRoute('/_app/user/packages/pre-alert')({
  validateSearch: (search: Record<string, unknown>): { outbox?: string } =>
    typeof search.outbox === 'string' && /^[\w-]{1,64}$/.test(search.outbox) ? { outbox: search.outbox } : {},
  component: function PrealertRoute() {
    const { outbox } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <PrealertScreen outboxId={outbox} onOutboxDone={() => void navigate({ search: {} })} />;
  },
});
