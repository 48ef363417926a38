/** Integer minor units → "J$1,350.00" (JMD), "US$45.99" (USD) or "EUR 10.00". Integer arithmetic only. */
export function formatMoney(cents: number, currency = 'JMD'): string {
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  const symbol = currency === 'JMD' ? 'J$' : currency === 'USD' ? 'US$' : `${currency} `;
  return `${cents < 0 ? '-' : ''}${symbol}${whole}.${frac}`;
}
