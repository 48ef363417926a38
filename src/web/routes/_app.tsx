import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../app/layout/DefaultLayout';

export const Route = createFileRoute('/_app')({ component: DefaultLayout });
