import { configureStore } from '@reduxjs/toolkit';
import { baseQuery, IDEMPOTENT_RETRIES } from './api';
import { describeApiError, GENERIC_ERROR, readApiProblem } from './errors';
import { toastSlice, showToast, clearToast } from './toast-slice';
import { apiErrorToasts } from './error-toasts';

const problem = (status: number, code: string, detail?: string, errors?: object[]) => ({
  type: `/api_smsc/v1/problems/${code}`,
  title: code,
  status,
  code,
  ...(detail ? { detail } : {}),
  ...(errors ? { errors } : {}),
});

describe('readApiProblem', () => {
  it("reads a problem's code, detail and field errors (the first sentence of a field)", () => {
    const errors = [
      { field: 'email', pointer: '/email', code: 'format', detail: 'Email: enter an e-mail address' },
      { field: 'line 3', code: 'invalid', detail: 'not a number' },
      { field: 'email', code: 'required', detail: 'second' },
    ];
    expect(readApiProblem({ status: 400, data: problem(400, 'validation', 'Email: enter…', errors) })).toEqual({
      code: 'validation',
      detail: 'Email: enter…',
      fields: { email: 'Email: enter an e-mail address', 'line 3': 'not a number' },
      status: 400,
    });
    expect(readApiProblem(problem(422, 'spend_limit', 'Blocked (spend_limit): …'))).toMatchObject({
      code: 'spend_limit',
      status: 422,
    });
  });
  it('reads nothing from a network failure or a page that is not a problem', () => {
    const none = { code: null, detail: null, fields: {} };
    expect(readApiProblem({ status: 'FETCH_ERROR', error: 'TypeError' })).toEqual({ ...none, status: null });
    expect(readApiProblem({ status: 502, data: '<html>' })).toEqual({ ...none, status: 502 });
    expect(readApiProblem(undefined)).toEqual({ ...none, status: null });
  });
});

describe('describeApiError', () => {
  it("says the problem's detail", () => {
    expect(
      describeApiError({
        status: 400,
        data: problem(400, 'conflict', 'Bad email', [{ field: 'a', code: 'x', detail: 'b' }]),
      }),
    ).toBe('Bad email');
  });
  it('falls back to the errors value of an older answer, each field by its label', () => {
    expect(describeApiError({ status: 422, data: { errors: { email: 'is taken', time_zone: ['unknown'] } } })).toBe(
      'Email: is taken; Time zone: unknown',
    );
  });
  it('falls back to the field errors', () => {
    const errors = [
      { field: 'email', code: 'invalid', detail: 'is taken' },
      { field: 'name', code: 'invalid', detail: 'too long' },
    ];
    expect(describeApiError({ status: 422, data: problem(422, 'validation', undefined, errors) })).toBe(
      'Email: is taken; Name: too long',
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
    store.dispatch(rejected('register', { status: 400, data: { code: 'error', detail: 'taken' } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(rejected('getHome', { status: 401, data: { code: 'error', detail: 'expired' } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(rejected('getHome', { status: 500, data: { code: 'error', detail: 'db down' } }));
    expect(store.getState().toast.current).toMatchObject({ kind: 'error', text: 'db down' });
  });
  it('leaves a refused read to its screen (not found) but toasts a refused save', () => {
    const store = make();
    store.dispatch(rejected('getUser', { status: 404, data: { code: 'error', detail: 'User not found' } }));
    store.dispatch(rejected('getCompany', { status: 403, data: { code: 'error', detail: 'Forbidden' } }));
    expect(store.getState().toast.current).toBeNull();
    store.dispatch(
      rejected('updateUser', { status: 404, data: { code: 'error', detail: 'User not found' } }, 'mutation'),
    );
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
        JSON.stringify(a.status < 300 ? { sms: { sms_uuid: 's1' } } : { code: 'error', detail: 'busy' }),
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
