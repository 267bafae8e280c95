import { useState } from 'react';
import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';

export interface BulkDeleteProps<T> {
  selected: T[];
  /** singular and plural names as the definition gives them, e.g. 'User', 'Users' */
  singular: string;
  title: string;
  idOf(row: T): string;
  onDelete(row: T): Promise<unknown>;
  /** one call for all of them, all or none (the resource's bulk call); without it, one delete per row */
  onDeleteMany?(rows: T[]): Promise<unknown>;
  /** called with the rows that are gone; rows that failed stay selected so they can be retried */
  onDeleted(rows: T[]): void;
}

export interface BulkOutcome<T> {
  deleted: T[];
  failed: { row: T; error: unknown }[];
}

/** The one delete confirmation of the kit (a row, or the selected rows): danger button, Cancel. */
export function askToDelete(
  modal: ReturnType<typeof App.useApp>['modal'],
  title: string,
  onOk: () => Promise<unknown>,
  content?: string,
) {
  return modal.confirm({
    title,
    content,
    okText: 'Delete',
    okButtonProps: { danger: true },
    cancelText: 'Cancel',
    onOk,
  });
}

/** One delete after another: the API has no bulk call for these resources, and a failure must not stop the rest. */
export async function deleteEach<T>(
  rows: T[],
  onDelete: (row: T) => Promise<unknown>,
  onProgress?: (done: number) => void,
): Promise<BulkOutcome<T>> {
  const outcome: BulkOutcome<T> = { deleted: [], failed: [] };
  for (const row of rows) {
    try {
      await onDelete(row);
      outcome.deleted.push(row);
    } catch (error) {
      outcome.failed.push({ row, error });
    }
    onProgress?.(outcome.deleted.length + outcome.failed.length);
  }
  return outcome;
}

/** "Delete selected": asks once for all of them, deletes each, then one toast with what happened. */
export function BulkDeleteButton<T>({
  selected,
  singular,
  title,
  idOf,
  onDelete,
  onDeleteMany,
  onDeleted,
}: BulkDeleteProps<T>) {
  const dispatch = useAppDispatch();
  const { modal } = App.useApp();
  const [done, setDone] = useState<number | null>(null);
  const count = selected.length;
  const noun = (n: number) => (n === 1 ? singular.toLowerCase() : title.toLowerCase());

  const runOnce = async (rows: T[], many: (rows: T[]) => Promise<unknown>) => {
    setDone(0);
    try {
      await many(rows);
      onDeleted(rows);
      dispatch(showToast('success', `${rows.length} ${noun(rows.length)} deleted`));
    } catch (error) {
      dispatch(showToast('error', `Nothing was deleted: ${describeApiError(error)}`));
    } finally {
      setDone(null);
    }
  };

  const run = async (rows: T[]) => {
    if (onDeleteMany) return runOnce(rows, onDeleteMany);
    setDone(0);
    const { deleted, failed } = await deleteEach(rows, onDelete, setDone);
    setDone(null);
    onDeleted(deleted);
    if (!failed.length) {
      dispatch(showToast('success', `${deleted.length} ${noun(deleted.length)} deleted`));
    } else {
      const first = failed[0];
      dispatch(
        showToast(
          'error',
          `${deleted.length} of ${rows.length} ${noun(rows.length)} deleted; ${singular} ${idOf(first.row)}: ${describeApiError(first.error)}`,
        ),
      );
    }
  };

  const confirm = () =>
    askToDelete(modal, `Delete ${count} ${noun(count)}?`, () => run(selected), 'This cannot be undone.');

  return (
    <Button danger icon={<DeleteOutlined />} onClick={confirm} loading={done !== null}>
      {done !== null ? `Deleting ${done} of ${count}` : 'Delete selected'}
    </Button>
  );
}
