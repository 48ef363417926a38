import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/ErrorPage';

export const Route = createFileRoute('/pages/error/not-found')({ component: NotFoundPage });
