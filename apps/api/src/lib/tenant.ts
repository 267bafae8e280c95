import { notFound } from './http-error';

export function orNotFound<T>(row: T | undefined, what: string): T {
  if (!row) throw notFound(what);
  return row;
}
