import { formatDateTime, withZone } from '@smsc/shared-util';
import type { ResourceColumn } from './types';

/** A column's title as shown (list header, details label, CSV header): a time column names its zone. */
export const columnTitle = <T>(col: ResourceColumn<T>): string => (col.dateTime ? withZone(col.title) : col.title);

/** A column's render, with the console's date format for a time column that brings none. */
export function columnRender<T>(col: ResourceColumn<T>): ResourceColumn<T>['render'] {
  if (col.render || !col.dateTime) return col.render;
  return (value) => formatDateTime(value as string | null | undefined);
}
