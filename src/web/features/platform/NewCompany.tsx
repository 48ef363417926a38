import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { CompanyForm } from './components/CompanyForm';
import { useCreateCompany } from './hooks';

/** /platform/companies/new: a company with its hosts and the template's defaults; then its page. */
export function NewCompany() {
  const { t } = useLingui();
  usePageTitle(t`New company`);
  const create = useCreateCompany();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to="/platform" size="sm">
          <span className="mirror-rtl" style={{ display: 'inline-block' }} aria-hidden>
            ←
          </span>{' '}
          <Trans>Platform console</Trans>
        </Anchor>
        <ScreenHeader
          title={t`New company`}
          description={t`It starts with the template's menus, settings, prices and duty categories; invite its admin next.`}
        />
      </div>
      <CompanyForm
        send={create.mutateAsync}
        onSent={(c) => void navigate({ to: '/platform/companies/$id', params: { id: c.id } })}
      />
    </Stack>
  );
}
