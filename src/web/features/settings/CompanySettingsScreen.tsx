import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useT } from '@lingui/react/macro';
import { Anchor, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LOCALES } from '../../../contract/locales';
import type { CompanySettings } from '../../../contract/settings';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { settingsQueryOptions } from './api';
import { InvoicesSection } from './components/InvoicesSection';
import { LanguagesSection } from './components/LanguagesSection';
import { OnlinePaymentsSection } from './components/OnlinePaymentsSection';
import { PaymentSection } from './components/PaymentSection';
import { PointsSection } from './components/PointsSection';
import type { SaveSettings } from './components/SettingsSection';
import { TimeZoneSection } from './components/TimeZoneSection';

/** The history's field names as the sections label them. */
const HISTORY_LABELS: Record<string, MessageDescriptor> = {
  'payment.bank_transfer.bank_name': msg`Bank`,
  'payment.bank_transfer.branch': msg`Branch`,
  'payment.bank_transfer.account_name': msg`Account name`,
  'payment.bank_transfer.account_number': msg`Account number`,
  'payment.bank_transfer.account_type': msg`Account type`,
  'payment.counter': msg`At the counter`,
  'payment.online_url': msg`Online payment page`,
  'payment.overdue': msg`When an invoice is overdue`,
  'points.cents_per_point': msg`Paid for 1 point (cents)`,
  'points.point_value_cents': msg`1 point is worth (cents)`,
  'points.prealert_bonus': msg`Pre-alert bonus`,
  'invoice.tax_label': msg`Tax name`,
  'invoice.tax_rate': msg`Tax rate`,
  'invoice.terms': msg`Terms`,
  'invoice.due_days': msg`Due after (days)`,
  time_zone: msg`Time zone`,
  provider: msg`Online payment provider`,
  label: msg`Online payments: name customers see`,
  'wipay.account_number': msg`WiPay account number`,
  'wipay.api_key': msg`WiPay API key`,
  'wipay.environment': msg`WiPay environment`,
  'wipay.fee_structure': msg`Who pays WiPay's fee`,
  'languages.default': msg`Default language`,
  'languages.offered': msg`Languages offered`,
  'wipay.country_code': msg`WiPay platform`,
};

/**
 * /admin/settings, "Company settings" (admins): how customers pay, how points work, what a new invoice starts with,
 * and the time zone every date is shown in. Each section saves on its own; below, the history of changes.
 */
export function CompanySettingsScreen({ save }: { save?: SaveSettings }) {
  const { t } = useT();
  usePageTitle(t`Company settings`);
  const query = useQuery(settingsQueryOptions());

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Company settings`}
        description={
          <Trans>
            What customers read on their invoices and points page, and the time zone every date is shown in.
            Each section saves on its own. Prices (freight, handling, storage, the exchange rate) are under{' '}
            <Anchor component={Link} to="/admin/rates">
              Rates
            </Anchor>
            .
          </Trans>
        }
        action={
          <Button component={Link} to="/admin/settings/branding" variant="light">
            <Trans>Branding: name, logo, colour</Trans>
          </Button>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the settings`} count={4} h={160} />}
        errorTitle={t`The settings could not be loaded`}
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
  const { i18n } = useLingui();
  // The audit names the languages offered one by one ("languages.offered.1"): each is named as the whole list.
  const labels = Object.fromEntries([
    ...Object.entries(HISTORY_LABELS).map(([k, m]) => [k, i18n._(m)]),
    ...LOCALES.map((_, i) => [
      `languages.offered.${i}`,
      i18n._(HISTORY_LABELS['languages.offered'] ?? msg`Languages offered`),
    ]),
  ]);
  return (
    <>
      <PaymentSection settings={settings} save={save} />
      <OnlinePaymentsSection />
      <PointsSection settings={settings} save={save} />
      <InvoicesSection settings={settings} save={save} />
      <TimeZoneSection settings={settings} save={save} />
      <LanguagesSection settings={settings} save={save} />
      <AuditTrail entity="company" id={settings.company_id} labels={labels} />
    </>
  );
}
