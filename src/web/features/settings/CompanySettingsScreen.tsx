import { Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CompanySettings } from '../../../contract/settings';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { settingsQueryOptions } from './api';
import { InvoicesSection } from './components/InvoicesSection';
import { OnlinePaymentsSection } from './components/OnlinePaymentsSection';
import { PaymentSection } from './components/PaymentSection';
import { PointsSection } from './components/PointsSection';
import type { SaveSettings } from './components/SettingsSection';
import { TimeZoneSection } from './components/TimeZoneSection';

/** The history's field names as the sections label them. */
const HISTORY_LABELS: Record<string, string> = {
  'payment.bank_transfer.bank_name': 'Bank',
  'payment.bank_transfer.branch': 'Branch',
  'payment.bank_transfer.account_name': 'Account name',
  'payment.bank_transfer.account_number': 'Account number',
  'payment.bank_transfer.account_type': 'Account type',
  'payment.counter': 'At the counter',
  'payment.online_url': 'Online payment page',
  'payment.overdue': 'When an invoice is overdue',
  'points.cents_per_point': 'Paid for 1 point (cents)',
  'points.point_value_cents': '1 point is worth (cents)',
  'points.prealert_bonus': 'Pre-alert bonus',
  'invoice.tax_label': 'Tax name',
  'invoice.tax_rate': 'Tax rate',
  'invoice.terms': 'Terms',
  'invoice.due_days': 'Due after (days)',
  time_zone: 'Time zone',
  provider: 'Online payment provider',
  label: 'Online payments: name customers see',
  'wipay.account_number': 'WiPay account number',
  'wipay.api_key': 'WiPay API key',
  'wipay.environment': 'WiPay environment',
  'wipay.fee_structure': "Who pays WiPay's fee",
  'wipay.country_code': 'WiPay platform',
};

/**
 * /admin/settings, "Company settings" (admins): how customers pay, how points work, what a new invoice starts with,
 * and the time zone every date is shown in. Each section saves on its own; below, the history of changes.
 */
export function CompanySettingsScreen({ save }: { save?: SaveSettings }) {
  usePageTitle('Company settings');
  const query = useQuery(settingsQueryOptions());

  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Company settings"
        description={
          <>
            What customers read on their invoices and points page, and the time zone every date is shown in.
            Each section saves on its own. Prices (freight, handling, storage, the exchange rate) are under{' '}
            <Anchor component={Link} to="/admin/rates">
              Rates
            </Anchor>
            .
          </>
        }
        action={
          <Button component={Link} to="/admin/settings/branding" variant="light">
            Branding: name, logo, colour
          </Button>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the settings" count={4} h={160} />}
        errorTitle="The settings could not be loaded"
        isEmpty={() => false}
        empty={null}
      >
        {(settings) => <CompanySettingsForms settings={settings} save={save} />}
      </QueryStates>
    </Stack>
  );
}

/** The sections with the settings loaded, and the history of changes below them. */
export function CompanySettingsForms({ settings, save }: { settings: CompanySettings; save?: SaveSettings }) {
  return (
    <>
      <PaymentSection settings={settings} save={save} />
      <OnlinePaymentsSection />
      <PointsSection settings={settings} save={save} />
      <InvoicesSection settings={settings} save={save} />
      <TimeZoneSection settings={settings} save={save} />
      <AuditTrail entity="company" id={settings.company_id} labels={HISTORY_LABELS} />
    </>
  );
}
