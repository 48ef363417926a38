/** Money as every screen, mail and PDF writes it: the shared formatter of the contract ("J$1,350.00", "US$45.99"). */
export { formatMoney } from '../contract/format';
