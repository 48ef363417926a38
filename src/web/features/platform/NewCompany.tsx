import { Anchor, Stack } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { CompanyForm } from './components/CompanyForm';
import { useCreateCompany } from './hooks';

/** /platform/companies/new: a company with its hosts and the template's defaults; then its page. */
export function NewCompany() {
  usePageTitle('New company');
  const create = useCreateCompany();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/platform" size="sm">
          ← Platform console
        </Anchor>
        <ScreenHeader
          title="New company"
          description="It starts with the template's menus, settings, prices and duty categories; invite its admin next."
        />
      </div>
      <CompanyForm
        send={create.mutateAsync}
        onSent={(c) => void navigate({ to: '/platform/companies/$id', params: { id: c.id } })}
      />
    </Stack>
  );
}
