import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '../../contract/format';
import { formatShortDay, type StorageCountdown, storageWords } from '../../contract/storage';
import { t } from '../i18n';

/**
 * A free-storage reminder's title and body, in the current language (the notice's recipient's: amounts and days
 * follow it): 'soon' (within 2 days) or 'today' (the last free day).
 */
export function storageNotice(
  pkg: { tracking_number: string; description: string },
  storage: StorageCountdown,
  when: 'soon' | 'today',
): { title: string; body: string } {
  const what = pkg.description ? `${pkg.description} (${pkg.tracking_number})` : pkg.tracking_number;
  const tracking = pkg.tracking_number;
  const perDay = formatMoney(storage.per_day_cents, storage.currency);
  const lastDay = formatShortDay(storage.free_until);
  const terms = storageWords(storage).terms;
  return when === 'today'
    ? {
        title: t(msg`Last free day today: ${{ tracking }}`),
        body: t(
          msg`Your package ${{ what }} is ready for pickup. Today is its last day of free storage; from tomorrow it costs ${{ perDay }} a day.`,
        ),
      }
    : {
        title: t(msg`Free storage ends ${{ lastDay }}: ${{ tracking }}`),
        body: t(
          msg`Your package ${{ what }} is ready for pickup. ${{ terms }}: collect it by ${{ lastDay }} to pay no storage.`,
        ),
      };
}
