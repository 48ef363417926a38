import { createFileRoute } from '@tanstack/react-router';
import { BlankLayout } from '../app/layout/BlankLayout';

export const Route = createFileRoute('/_blank')({ component: BlankLayout });
