import type { ListQueryArg } from '../types';
import type { ListQueryState } from '../resource-table';
import type { RecordQueryState, Unwrappable } from './types';

const missing = (what: string): Unwrappable => ({
  unwrap: () => Promise.reject(new Error(`This resource has no ${what} call`)),
});

/** Stand-ins for hooks a bundle does not have, so pages call the same hooks on every render. */
export function useNoList(_arg: ListQueryArg): ListQueryState<never> {
  return { error: { code: 'not_found', detail: 'This resource has no list call' } };
}

export function useNoRecord(_id: string): RecordQueryState<never> {
  return { error: { code: 'not_found', detail: 'This resource has no read call' } };
}

export function useNoLazyList() {
  return [(_arg: ListQueryArg) => missingPage] as const;
}
const missingPage = { unwrap: () => Promise.reject(new Error('This resource has no list call')) };

export function useNoMutation() {
  return [() => missing('save'), { isLoading: false }] as const;
}
