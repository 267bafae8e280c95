export { wildcard, unwildcard } from './lib/wildcard';
export { pageCount } from './lib/paging';
export { toCsv, parseCsv } from './lib/csv';
export { formatDateTime, formatMoney } from './lib/format';
