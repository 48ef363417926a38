import { createFileRoute } from '@tanstack/react-router';
import { NotAuthorizedPage } from '../../../components/ErrorPage';

export const Route = createFileRoute('/pages/error/not-authorized')({ component: NotAuthorizedPage });
