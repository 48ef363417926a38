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
const HISTORY_LABELS: Record<string, string> = {
  name: 'Company name',
  short_name: 'Short name',
  primary_color: 'Brand colour',
  support_email: 'Support e-mail',
  support_phone: 'Support phone',
  website: 'Website',
  logo_url: 'Logo',
  'warehouse_address.line1': 'Address line 1',
  'warehouse_address.line2': 'Address line 2',
  'warehouse_address.city': 'City',
  'warehouse_address.state': 'State',
  'warehouse_address.postal_code': 'Postal code',
  'warehouse_address.country': 'Country',
  'warehouse_address.phone': 'Warehouse phone',
};

/**
 * /admin/settings/branding, "Branding" (admins): the company's name, logo, colour and contacts as customers see them
 * (header, title, the browser's bar, the installed app, the mails), with a live preview. A save shows on new page
 * loads at once.
 */
export function BrandingScreen({ calls }: { calls?: BrandingCalls }) {
  usePageTitle('Branding');
  const query = useQuery(brandingQueryOptions());
  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Branding"
        description={
          <>
            Your name, logo and colour as customers see them: the header, the page title, the app on their
            phone and the mails. Part of{' '}
            <Anchor component={Link} to="/admin/settings">
              Company settings
            </Anchor>
            .
          </>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the branding" count={3} h={160} />}
        errorTitle="The branding could not be loaded"
        isEmpty={() => false}
        empty={null}
      >
        {(branding) => (
          <>
            <LogoSection branding={branding} calls={calls} />
            <BrandingForm branding={branding} calls={calls} />
            <AuditTrail entity="company" id={branding.company_id} labels={HISTORY_LABELS} />
          </>
        )}
      </QueryStates>
    </Stack>
  );
}
