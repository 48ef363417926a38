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
const HISTORY_LABELS: Record<string, string> = {
  exchange_rate: 'Exchange rate',
  'storage.free_days': 'Free storage days',
  'storage.per_day_cents': 'Storage fee per day (cents)',
  'freight.air.minimum_cents': 'Air minimum (cents)',
  'freight.sea.minimum_cents': 'Sea minimum (cents)',
};

/**
 * /admin/rates, "Rates" (admins): the rates in force, the changes scheduled, the history, and "New rates" with a
 * live preview. Every price customers see (fees page, estimator, a new invoice's lines) comes from here.
 */
export function RatesScreen() {
  usePageTitle('Rates');
  const query = useQuery(ratesQueryOptions());
  const categories = useQuery(offeredCategoriesQueryOptions());
  const companyId = query.data?.company_id ?? '';
  const save = useSaveRates(companyId);
  const remove = useDeleteRateVersion(companyId);

  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Rates"
        description={
          <>
            Freight, handling, storage and the exchange rate, each version in force from a date and time. Duty
            rates are under{' '}
            <Anchor component={Link} to="/admin/duties">
              Duty categories
            </Anchor>
            .
          </>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the rates" count={3} h={160} />}
        errorTitle="The rates could not be loaded"
        isEmpty={() => false}
        empty={null}
      >
        {(o) => (
          <>
            <CurrentRates version={o.current} currency={o.currency} />
            <VersionList
              title="Scheduled changes"
              versions={o.scheduled}
              currency={o.currency}
              empty="No change is scheduled."
              onDelete={(v) =>
                remove.mutate(v.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      title: 'Scheduled rates deleted',
                      message: `The change from ${formatDateTime(v.effective_from)} will not happen.`,
                    }),
                  onError: (e) =>
                    notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(e) }),
                })
              }
            />
            {o.current ? (
              <RatesForm
                current={o.current.rates}
                currency={o.currency}
                categories={categories.data ?? []}
                send={save.mutateAsync}
                onSaved={(v) =>
                  notifications.show({
                    color: 'green',
                    title: 'Rates saved',
                    message: `In force from ${formatDateTime(v.effective_from)}.`,
                  })
                }
              />
            ) : null}
            <VersionList
              title="Earlier rates"
              versions={o.history}
              currency={o.currency}
              empty="No earlier rates: these are the company's first."
            />
            <AuditTrail entity="rates" id={o.company_id} labels={HISTORY_LABELS} />
          </>
        )}
      </QueryStates>
    </Stack>
  );
}
