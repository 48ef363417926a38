import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../contract/format';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/api';
import { offeredCategoriesQueryOptions, ratesQueryOptions } from './api';
import { RatesForm } from './components/RatesForm';
import { CurrentRates, VersionList } from './components/RateVersions';
import { useDeleteRateVersion, useSaveRates } from './hooks';

/** The history's field names as the form labels them. */
const HISTORY_LABELS: Record<string, MessageDescriptor> = {
  exchange_rate: msg`Exchange rate`,
  'storage.free_days': msg`Free storage days`,
  'storage.per_day_cents': msg`Storage fee per day (cents)`,
  'freight.air.minimum_cents': msg`Air minimum (cents)`,
  'freight.sea.minimum_cents': msg`Sea minimum (cents)`,
};

/**
 * /admin/rates, "Rates" (admins): the rates in force, the changes scheduled, the history, and "New rates" with a
 * live preview. Every price customers see (fees page, estimator, a new invoice's lines) comes from here.
 */
export function RatesScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Rates`);
  const labels = Object.fromEntries(Object.entries(HISTORY_LABELS).map(([k, m]) => [k, i18n._(m)]));
  const query = useQuery(ratesQueryOptions());
  const categories = useQuery(offeredCategoriesQueryOptions());
  const companyId = query.data?.company_id ?? '';
  const save = useSaveRates(companyId);
  const remove = useDeleteRateVersion(companyId);

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Rates`}
        description={
          <Trans>
            Freight, handling, storage and the exchange rate, each version in force from a date and time. Duty
            rates are under{' '}
            <Anchor component={Link} to="/admin/duties">
              Duty categories
            </Anchor>
            .
          </Trans>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the rates`} count={3} h={160} />}
        errorTitle={t`The rates could not be loaded`}
        isEmpty={() => false}
        empty={null}
      >
        {(o) => (
          <>
            <CurrentRates version={o.current} currency={o.currency} />
            <VersionList
              id="scheduled-changes-title"
              title={t`Scheduled changes`}
              versions={o.scheduled}
              currency={o.currency}
              empty={t`No change is scheduled.`}
              onDelete={(v) =>
                remove.mutate(v.id, {
                  onSuccess: () => {
                    const from = formatDateTime(v.effective_from);
                    notifications.show({
                      color: 'green',
                      title: t`Scheduled rates deleted`,
                      message: t`The change from ${from} will not happen.`,
                    });
                  },
                  onError: (e) =>
                    notifications.show({ color: 'red', title: t`Not deleted`, message: errorMessage(e) }),
                })
              }
            />
            {o.current ? (
              <RatesForm
                current={o.current.rates}
                currency={o.currency}
                categories={categories.data ?? []}
                send={save.mutateAsync}
                onSaved={(v) => {
                  const from = formatDateTime(v.effective_from);
                  notifications.show({
                    color: 'green',
                    title: t`Rates saved`,
                    message: t`In force from ${from}.`,
                  });
                }}
              />
            ) : null}
            <VersionList
              id="earlier-rates-title"
              title={t`Earlier rates`}
              versions={o.history}
              currency={o.currency}
              empty={t`No earlier rates: these are the company's first.`}
            />
            <AuditTrail entity="rates" id={o.company_id} labels={labels} />
          </>
        )}
      </QueryStates>
    </Stack>
  );
}
