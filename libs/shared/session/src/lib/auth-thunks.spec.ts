import { makeStore, rememberReturnPath, signIn } from '../index';

// The one server answer these tests need: POST /auth, refused for a wrong password.
function answerLogin(userType: string) {
  const calls: unknown[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const body = JSON.parse(await request.text()) as { email: string; password: string };
    calls.push(body);
    if (body.password !== 'right-password') {
      return new Response(JSON.stringify({ code: 'error', detail: 'Invalid email or password' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ token: 'tok', user_type: userType, exp: 4_000_000_000 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return calls;
}

beforeEach(() => window.localStorage.clear());

const signInAs = (email: string, wanted?: string | null, password = 'right-password') => {
  const store = makeStore();
  return store
    .dispatch(signIn({ email, password, wanted }))
    .unwrap()
    .then((landing) => ({ landing, store }));
};

describe('signIn thunk: where the user lands', () => {
  it('sends only the credentials to the server', async () => {
    const calls = answerLogin('admin');
    await signInAs('a@example.com', '/system-admin/users');
    expect(calls).toEqual([{ email: 'a@example.com', password: 'right-password' }]);
  });

  it('goes to the wanted address inside the own area, else home', async () => {
    answerLogin('reseller');
    expect((await signInAs('r@example.com', '/reseller/companies?page=2')).landing).toBe('/reseller/companies?page=2');
    expect((await signInAs('r@example.com', '/system-admin/users')).landing).toBe('/reseller');
    expect((await signInAs('r@example.com')).landing).toBe('/reseller');
  });

  it('returns the same user to the path remembered at expiry, once; another user goes home', async () => {
    answerLogin('company_admin');
    rememberReturnPath('ca@example.com', '/company-admin/users');
    expect((await signInAs('other@example.com')).landing).toBe('/company-admin');
    expect((await signInAs('CA@example.com')).landing).toBe('/company-admin/users');
    expect((await signInAs('ca@example.com')).landing).toBe('/company-admin');
  });

  it('keeps the remembered path when a wanted address wins, and ignores one outside the area', async () => {
    answerLogin('user');
    rememberReturnPath('u@example.com', '/company-user/dids');
    expect((await signInAs('u@example.com', '/company-user/sms-log')).landing).toBe('/company-user/sms-log');
    expect((await signInAs('u@example.com')).landing).toBe('/company-user/dids');
    rememberReturnPath('u@example.com', '/system-admin');
    expect((await signInAs('u@example.com')).landing).toBe('/company-user');
  });

  it('answers null and keeps the remembered path when the server refuses', async () => {
    answerLogin('admin');
    rememberReturnPath('a@example.com', '/system-admin/users');
    const { landing, store } = await signInAs('a@example.com', null, 'wrong');
    expect(landing).toBeNull();
    expect(store.getState().session).toMatchObject({
      status: 'error',
      error: 'Invalid email or password',
      token: null,
    });
    expect((await signInAs('a@example.com')).landing).toBe('/system-admin/users');
  });
});
