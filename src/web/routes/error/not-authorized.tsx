import { createFileRoute } from '@tanstack/react-router';
import { NotAuthorizedPage } from '../../components/ErrorPage';

export const Route = createFileRoute('/error/not-authorized')({ component: NotAuthorizedPage });
