import { createFileRoute } from '@tanstack/react-router';
import { NewCompany } from '../../../../features/platform/NewCompany';

export const Route = createFileRoute('/_app/platform/companies/new')({
  component: NewCompany,
});
