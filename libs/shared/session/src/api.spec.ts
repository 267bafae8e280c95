import { api } from '@smsc/shared-api';
import { attachApi, makeApiStore } from './api';
import { makeStore, RESET_API_STATE, sessionStarted, signOut } from './index';

const probe = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<{ ok: boolean }, void>({ query: () => '/probe' }) }),
});

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = jest.fn(
    async () =>
      new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }),
  ) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('the api attached when an area loads', () => {
  it('is absent from a fresh store: the public pages run without RTK Query', () => {
    expect(makeStore().getState()).not.toHaveProperty('api');
  });

  it('gives the store the api state and middleware, once', async () => {
    const store = makeStore();
    expect(attachApi(attachApi(store))).toBe(store);
    expect(store.getState().api?.config.reducerPath).toBe('api');
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: true });
  });

  it("signing out drops the cache: the thunks' reset is the api's own action", async () => {
    expect(RESET_API_STATE.type).toBe(api.util.resetApiState().type);
    const store = makeApiStore();
    store.dispatch(sessionStarted({ token: 't', userType: 'admin', exp: 4_000_000_000, email: 'a@example.com' }));
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(Object.keys(store.getState().api?.queries ?? {})).toHaveLength(1);
    await store.dispatch(signOut());
    expect(store.getState().api?.queries).toEqual({});
  });
});
