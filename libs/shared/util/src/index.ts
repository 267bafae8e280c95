export { wildcard, unwildcard } from './lib/wildcard';
export { pageCount } from './lib/paging';
export { toCsv, parseCsv, parseCsvRecords, CsvError, type CsvRecord } from './lib/csv';
export { formatDateTime, formatMoney } from './lib/format';
export { substitute, placeholders, missingFields, fieldKey } from './lib/substitute';
