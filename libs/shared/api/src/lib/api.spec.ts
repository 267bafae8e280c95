import { configureStore } from '@reduxjs/toolkit';
import { baseQuery, IDEMPOTENT_RETRIES } from './api';
import { describeApiError, GENERIC_ERROR } from './errors';
import { toastSlice, showToast, clearToast } from './toast-slice';
import { apiErrorToasts } from './error-toasts';

describe('describeApiError', () => {
  it('prefers the error object message', () => {
    expect(describeApiError({ status: 400, data: { error: { message: 'Bad email' }, errors: { a: 'b' } } })).toBe(
      'Bad email',
    );
  });
  it('falls back to the errors value, each field by its label', () => {
    expect(describeApiError({ status: 422, data: { errors: { email: 'is taken', time_zone: ['unknown'] } } })).toBe(
      'Email: is taken; Time zone: unknown',
    );
  });
  it('says something went wrong with no usable response', () => {
    expect(describeApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(GENERIC_ERROR);
    expect(describeApiError(undefined)).toBe(GENERIC_ERROR);
    expect(describeApiError({ status: 500, data: '<html>' })).toBe(GENERIC_ERROR);
  });
});

describe('toast slice', () => {
  const reduce = toastSlice.reducer;
  it('shows one toast at a time and drops duplicates', () => {
    let s = reduce(undefined, showToast('error', 'Nope'));
    const first = s.current?.id;
    s = reduce(s, showToast('error', 'Nope'));
    expect(s.current?.id).toBe(first);
    s = reduce(s, showToast('success', 'Saved'));
    expect(s.current).toMatchObject({ kind: 'success', text: 'Saved' });
    s = reduce(s, clearToast(first as number));
    expect(s.current?.text).toBe('Saved');
  });
});

describe('apiErrorToasts', () => {
  const rejected = (endpointName: string, payload: unknown, type: 'query' | 'mutation' = 'query') => ({
    type: 'api/executeQuery/rejected',
    payload,
    meta: { rejectedWithValue: true, requestStatus: 'rejected', requestId: 'r', arg: { endpointName, type } },
    error: { message: 'Rejected' },
  });
  const make = () =>
    configureStore({
      reducer: { toast: toastSlice.reducer },
      middleware: (gdm) => gdm().concat(apiErrorToasts(new Set(['register']))),
    });
  it('toasts failures except quiet endpoints and 401s', () => {
    const store = make();
    store.dispatch(rejected('register', { status: 400, data: { error: { message: 'taken' } } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(rejected('getHome', { status: 401, data: { error: { message: 'expired' } } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(rejected('getHome', { status: 500, data: { error: { message: 'db down' } } }));
    expect(store.getState().toast.current).toMatchObject({ kind: 'error', text: 'db down' });
  });
  it('leaves a refused read to its screen (not found) but toasts a refused save', () => {
    const store = make();
    store.dispatch(rejected('getUser', { status: 404, data: { error: { message: 'User not found' } } }));
    store.dispatch(rejected('getCompany', { status: 403, data: { error: { message: 'Forbidden' } } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(rejected('updateUser', { status: 404, data: { error: { message: 'User not found' } } }, 'mutation'));
    expect(store.getState().toast.current).toMatchObject({ kind: 'error', text: 'User not found' });
  });
});

describe('baseQuery: a busy Idempotency-Key is retried', () => {
  const realFetch = globalThis.fetch;
  let answers: { status: number; retryAfter?: string }[] = [];
  let calls = 0;
  beforeAll(() => {
    globalThis.fetch = (async () => {
      const a = answers[Math.min(calls++, answers.length - 1)];
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (a.retryAfter) headers['retry-after'] = a.retryAfter;
      return new Response(
        JSON.stringify(a.status < 300 ? { sms: { sms_uuid: 's1' } } : { error: { message: 'busy' } }),
        { status: a.status, headers },
      );
    }) as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });
  beforeEach(() => {
    calls = 0;
  });

  // the parts of BaseQueryApi fetchBaseQuery reads
  const queryApi = {
    getState: () => ({}),
    signal: new AbortController().signal,
    dispatch: () => undefined,
    abort: () => undefined,
    endpoint: 'sendSms',
    type: 'mutation',
    extra: undefined,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a partial BaseQueryApi
  } as any;
  const send = (headers: Record<string, string>) =>
    baseQuery({ url: '/sms', method: 'POST', body: { text: 'x' }, headers }, queryApi, {});

  it('sends again after the Retry-After wait and answers the first copy', async () => {
    answers = [{ status: 409, retryAfter: '0' }, { status: 201 }];
    const result = await send({ 'Idempotency-Key': 'k1' });
    expect(result.data).toEqual({ sms: { sms_uuid: 's1' } });
    expect(calls).toBe(2);
  });

  it('gives up after IDEMPOTENT_RETRIES resends', async () => {
    answers = [{ status: 409, retryAfter: '0' }];
    const result = await send({ 'Idempotency-Key': 'k2' });
    expect(result.error?.status).toBe(409);
    expect(calls).toBe(1 + IDEMPOTENT_RETRIES);
  });

  it('leaves any other 409 alone: no key, or no Retry-After', async () => {
    answers = [{ status: 409, retryAfter: '0' }, { status: 201 }];
    expect((await send({})).error?.status).toBe(409);
    expect(calls).toBe(1);
    calls = 0;
    answers = [{ status: 409 }, { status: 201 }];
    expect((await send({ 'Idempotency-Key': 'k3' })).error?.status).toBe(409);
    expect(calls).toBe(1);
  });
});
