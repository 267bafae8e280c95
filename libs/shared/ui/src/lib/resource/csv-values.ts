// What a list export writes for each cell: the value as the list shows it (its render's text, an option's
// label, Yes/No), except E.164 numbers, which stay as written so the file can be dialled or imported back,
// and money, which goes out as a plain number with a Currency column beside it.
import { isValidElement, type ReactNode } from 'react';
import { csvMoney, csvText, moneyCell, withCurrencyColumn, type CsvField } from '@smsc/shared-util';
import type { ResourceColumn } from './types';
import { columnRender, columnTitle } from './column-title';

const E164 = /^\+\d{6,15}$/;

/** The text of a rendered cell: strings and numbers, through arrays and elements' children. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** A money column: shown with moneyCell (or marked money), exported as a number beside a Currency column. */
export const isMoneyColumn = <T>(column: ResourceColumn<T>) => column.money === true || column.render === moneyCell;

const currencyOf = (row: unknown) => {
  const c = (row as { currency?: unknown }).currency;
  return typeof c === 'string' && c ? c : 'USD';
};

/** One cell of the export as a person reads it on screen. */
export function csvCellValue<T>(column: ResourceColumn<T>, row: T): unknown {
  const value = (row as Record<string, unknown>)[column.key];
  if (column.csv) return column.csv(value, row);
  if (isMoneyColumn(column))
    return typeof value === 'string' || typeof value === 'number' ? csvMoney(value, currencyOf(row)) : '';
  if (typeof value === 'string' && E164.test(value)) return value;
  const render = columnRender(column);
  if (render) {
    const shown = textOf(render(value, row)).trim();
    if (shown !== '') return shown;
  }
  const option = column.options?.find((o) => o.value === value);
  if (option && (typeof option.label === 'string' || typeof option.label === 'number')) return option.label;
  return value;
}

/** The rows of a list in its columns' titles and shown values, through the one CSV writer. */
export function rowsCsv<T>(columns: ResourceColumn<T>[], rows: T[]): string {
  const fields = withCurrencyColumn(
    columns.map((c, i): CsvField => ({
      key: String(i),
      title: columnTitle(c),
      ...(isMoneyColumn(c) ? { kind: 'money' } : c.key === 'currency' ? { kind: 'currency' } : {}),
    })),
  );
  return csvText(
    fields,
    rows.map((row) => ({
      ...Object.fromEntries(columns.map((c, i) => [String(i), csvCellValue(c, row)])),
      currency: currencyOf(row),
    })),
  );
}
