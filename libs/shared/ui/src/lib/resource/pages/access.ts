import type { ResourceDefinition } from '../types';

/**
 * The definition as one role sees it: columns and form fields whose access key the role does not
 * hold are left out. Call it once per route table (not per render): lists key their URL state on
 * the definition object.
 */
export function definitionFor<T>(
  definition: ResourceDefinition<T>,
  keys: readonly string[] = [],
): ResourceDefinition<T> {
  const held = (key?: string | readonly string[]) => holds(keys, key);
  return {
    ...definition,
    columns: definition.columns.filter((c) => held(c.access)),
    formFields: definition.formFields.filter((f) => held(f.access)),
  };
}

/** Whether a role holds the key, or one of the keys (a column two roles see, e.g. whose rows they are). */
export function holds(keys: readonly string[] | undefined, key?: string | readonly string[]): boolean {
  if (!key) return true;
  return typeof key === 'string' ? !!keys?.includes(key) : key.some((k) => !!keys?.includes(k));
}
