import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '../../components/ErrorPage';

export const Route = createFileRoute('/error/server-error')({ component: ServerErrorPage });
