export { wildcard, unwildcard } from './lib/wildcard';
export { pageCount } from './lib/paging';
export {
  toCsv,
  parseCsv,
  parseCsvRecords,
  detectDelimiter,
  CsvError,
  type CsvRecord,
  type CsvDelimiter,
} from './lib/csv';
export {
  csvCell,
  csvHeader,
  csvMoney,
  csvRow,
  csvText,
  csvValue,
  neutraliseFormula,
  withCurrencyColumn,
  type CsvField,
  type CsvKind,
} from './lib/csv-writer';
export { currencyDigits, formatDateTime, formatMoney, formatPhone, moneyCell } from './lib/format';
export {
  substitute,
  placeholders,
  missingFields,
  fieldKey,
  fillText,
  unfilledMessage,
  type Filled,
} from './lib/substitute';
