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
export {
  currencyDigits,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPhone,
  moneyCell,
  type DateTimeOptions,
} from './lib/format';
export {
  browserZone,
  currentZoneName,
  displayZone,
  endOfZonedDay,
  isTimeZone,
  setDisplayZone,
  startOfZonedDay,
  subscribeDisplayZone,
  timeZoneChoices,
  utcOffsetText,
  withZone,
  zonedDay,
  zonedParts,
  zonedTimeToInstant,
  zoneOffsetMs,
} from './lib/time-zone';
export {
  substitute,
  placeholders,
  missingFields,
  fieldKey,
  fillText,
  unfilledMessage,
  type Filled,
} from './lib/substitute';
export { routeTable, type RouteMenuEntry, type RouteParams, type RouteRow, type RouteTable } from './lib/route-table';
