import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { brandingQueryOptions } from './api';
import { BrandingForm } from './components/BrandingForm';
import { LogoSection } from './components/LogoSection';
import type { BrandingCalls } from './hooks';

/** The history's field names as the form labels them. */
const HISTORY_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Company name`,
  short_name: msg`Short name`,
  primary_color: msg`Brand colour`,
  support_email: msg`Support e-mail`,
  support_phone: msg`Support phone`,
  website: msg`Website`,
  logo_url: msg`Logo`,
  'warehouse_address.line1': msg`Address line 1`,
  'warehouse_address.line2': msg`Address line 2`,
  'warehouse_address.city': msg`City`,
  'warehouse_address.state': msg`State`,
  'warehouse_address.postal_code': msg`Postal code`,
  'warehouse_address.country': msg`Country`,
  'warehouse_address.phone': msg`Warehouse phone`,
};

/**
 * /admin/settings/branding, "Branding" (admins): the company's name, logo, colour and contacts as customers see them
 * (header, title, the browser's bar, the installed app, the mails), with a live preview. A save shows on new page
 * loads at once.
 */
export function BrandingScreen({ calls }: { calls?: BrandingCalls }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Branding`);
  const labels = Object.fromEntries(Object.entries(HISTORY_LABELS).map(([k, m]) => [k, i18n._(m)]));
  const query = useQuery(brandingQueryOptions());
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Branding`}
        description={
          <Trans>
            Your name, logo and colour as customers see them: the header, the page title, the app on their
            phone and the mails. Part of{' '}
            <Anchor component={Link} to="/admin/settings">
              Company settings
            </Anchor>
            .
          </Trans>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the branding`} count={3} h={160} />}
        errorTitle={t`The branding could not be loaded`}
        isEmpty={() => false}
        empty={null}
      >
        {(branding) => (
          <>
            <LogoSection branding={branding} calls={calls} />
            <BrandingForm branding={branding} calls={calls} />
            <AuditTrail entity="company" id={branding.company_id} labels={labels} />
          </>
        )}
      </QueryStates>
    </Stack>
  );
}
