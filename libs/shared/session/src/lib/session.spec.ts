import {
  makeStore,
  sessionStarted,
  sessionCleared,
  readStoredSession,
  storeSession,
  clearStoredSession,
  homeFor,
  areaOf,
  rememberReturnPath,
  takeReturnPath,
  TOKEN_KEY,
} from '../index';

describe('session store', () => {
  it('starts signed out and keeps a started session', () => {
    const store = makeStore();
    expect(store.getState().session.token).toBeNull();
    store.dispatch(sessionStarted({ token: 't', userType: 'reseller', exp: 100, email: 'r@example.com' }));
    expect(store.getState().session).toMatchObject({ token: 't', userType: 'reseller', status: 'success' });
    store.dispatch(sessionCleared());
    expect(store.getState().session.token).toBeNull();
  });
});

describe('stored session', () => {
  it('round-trips and rejects partial data', () => {
    storeSession({ token: 'abc', userType: 'admin', exp: 123, email: 'a@example.com' });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(readStoredSession()).toEqual({ token: 'abc', userType: 'admin', exp: 123, email: 'a@example.com' });
    window.localStorage.setItem('user-type', 'root');
    expect(readStoredSession()).toBeNull();
    clearStoredSession();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
  it('returns the remembered path only to the same user, once', () => {
    rememberReturnPath('A@example.com', '/system-admin/users');
    expect(takeReturnPath('b@example.com')).toBeNull();
    expect(takeReturnPath('a@example.com')).toBe('/system-admin/users');
    expect(takeReturnPath('a@example.com')).toBeNull();
  });
});

describe('areas', () => {
  it('maps user types to homes and paths to areas', () => {
    expect(homeFor('company_admin')).toBe('/company-admin');
    expect(homeFor(null)).toBe('/login');
    expect(areaOf('/reseller/users/add')?.userType).toBe('reseller');
    expect(areaOf('/resellerx')).toBeUndefined();
    expect(areaOf('/reseller?tab=1')?.userType).toBe('reseller');
    expect(areaOf('/company-user#top')?.userType).toBe('user');
  });
});
