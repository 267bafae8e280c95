import { useCallback, useMemo, useState, type Key } from 'react';
import type { ResourceDefinition } from './types';

const NO_KEYS: Key[] = [];

export function cellValue<T>(row: T, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** The key that names a row to a screen reader: the first column called like a name (company_name, username), else the id. */
export function rowNameKey<T>(definition: ResourceDefinition<T>): string {
  return definition.columns.find((c) => /name$/i.test(c.key))?.key ?? definition.idField;
}

/**
 * The rows picked for a bulk action on this page. A selection belongs to the page and search it was made on
 * (`listKey`): another page, order or search starts with none, so nothing off screen stays picked.
 */
export function useRowSelection<T>(
  listKey: string,
  rows: T[],
  definition: ResourceDefinition<T>,
  idOf: (row: T) => string,
) {
  const [selection, setSelection] = useState<{ of: string; keys: Key[] }>({ of: '', keys: [] });
  const selectedKeys = selection.of === listKey ? selection.keys : NO_KEYS;
  const setSelectedKeys = useCallback(
    (next: Key[] | ((keys: Key[]) => Key[])) =>
      setSelection((s) => {
        const current = s.of === listKey ? s.keys : NO_KEYS;
        return { of: listKey, keys: typeof next === 'function' ? next(current) : next };
      }),
    [listKey],
  );
  // a Set: "select all" on a 10,000-row page must not compare every row with every key
  const selectedRows = useMemo(() => {
    const picked = new Set(selectedKeys.map(String));
    return picked.size ? rows.filter((r) => picked.has(String(cellValue(r, definition.idField)))) : [];
  }, [rows, selectedKeys, definition.idField]);
  // named like the row's Edit and Delete, not "Select row 3"; one function for the table's life,
  // since antd calls it for every row of the page whenever it changes
  // by the row's name ("Select Company Acme"), not its UUID: the first column named like a name, else the id
  const nameKey = useMemo(() => rowNameKey(definition), [definition]);
  const checkboxProps = useCallback(
    (row: T) => ({ 'aria-label': `Select ${definition.singular} ${String(cellValue(row, nameKey))}` }),
    [definition.singular, nameKey],
  );
  const dropSelected = (gone: T[]) => {
    const ids = new Set(gone.map(idOf));
    setSelectedKeys((keys) => keys.filter((k) => !ids.has(String(k))));
  };
  return { selectedKeys, setSelectedKeys, selectedRows, checkboxProps, dropSelected };
}
