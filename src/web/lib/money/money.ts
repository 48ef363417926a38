import { formatDate, formatMoney, formatRate } from '../../../contract/format';

/**
 * Amounts from the account API: integer minor units of the company currency, always naming the dollar
 * ("J$1,234.50", "US$150.00"). The currency comes from each reply, never from the code.
 */
export const formatAmount = (cents: number, currency = 'JMD') => formatMoney(cents, currency);

/** A decimal rate string ("0.2000", "0.003") as a percentage ("20 %", "0.3 %"). */
export { formatRate };

/** US dollars from US cents: "US$150.00". */
export const formatUsd = (cents: number) => formatMoney(cents, 'USD');

/** A calendar date ("2026-11-20") as "Nov 20, 2026", read as that day wherever the browser is. */
export const formatDay = (value: string) => formatDate(value);
