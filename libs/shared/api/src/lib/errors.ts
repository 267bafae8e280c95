export const GENERIC_ERROR = 'something went wrong!';

function flatten(errors: unknown): string {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map(flatten).filter(Boolean).join('; ');
  if (errors && typeof errors === 'object') {
    return Object.entries(errors as Record<string, unknown>)
      .map(([field, value]) => `${field}: ${flatten(value)}`)
      .join('; ');
  }
  return '';
}

/**
 * The generic error display of docs/spec.md §8: the error object's message, else the errors value,
 * else 'something went wrong!' (also when there was no response at all).
 */
export function describeApiError(failure: unknown): string {
  const data = (failure as { data?: unknown } | undefined)?.data ?? failure;
  if (data && typeof data === 'object') {
    const body = data as { error?: { message?: unknown }; errors?: unknown };
    if (body.error && typeof body.error.message === 'string' && body.error.message) return body.error.message;
    if (body.errors !== undefined && body.errors !== null) {
      const text = flatten(body.errors);
      if (text) return text;
    }
  }
  return GENERIC_ERROR;
}
