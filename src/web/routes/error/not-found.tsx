import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/ErrorPage';

export const Route = createFileRoute('/error/not-found')({ component: NotFoundPage });
