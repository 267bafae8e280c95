import { USER_TYPES, type UserType } from '@smsc/shared-contract';

/** docs/spec.md §9: the token is kept in local storage under a user-token key */
export const TOKEN_KEY = 'user-token';
const TYPE_KEY = 'user-type';
const EXP_KEY = 'token-exp';
const EMAIL_KEY = 'user-email';
const RETURN_KEY = 'return-path';

export interface StoredSession {
  token: string;
  userType: UserType;
  exp: number;
  email: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  const s = storage();
  const token = s?.getItem(TOKEN_KEY);
  const userType = s?.getItem(TYPE_KEY) as UserType | null;
  const exp = Number(s?.getItem(EXP_KEY));
  if (!token || !userType || !USER_TYPES.includes(userType) || !Number.isFinite(exp) || exp <= 0) return null;
  return { token, userType, exp, email: s?.getItem(EMAIL_KEY) ?? null };
}

export function storeSession(session: StoredSession): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, session.token);
  s?.setItem(TYPE_KEY, session.userType);
  s?.setItem(EXP_KEY, String(session.exp));
  if (session.email) s?.setItem(EMAIL_KEY, session.email);
}

export function clearStoredSession(): void {
  const s = storage();
  for (const key of [TOKEN_KEY, TYPE_KEY, EXP_KEY, EMAIL_KEY, 'user', 'company']) s?.removeItem(key);
}

/** docs/spec.md §4: at expiry the current path is remembered together with the user's email */
export function rememberReturnPath(email: string, path: string): void {
  storage()?.setItem(RETURN_KEY, JSON.stringify({ email: email.toLowerCase(), path }));
}

/** The remembered path, only for the same user; it is used once. */
export function takeReturnPath(email: string): string | null {
  const s = storage();
  const raw = s?.getItem(RETURN_KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as { email?: string; path?: string };
    if (saved.email !== email.toLowerCase() || typeof saved.path !== 'string') return null;
    s?.removeItem(RETURN_KEY);
    return saved.path;
  } catch {
    s?.removeItem(RETURN_KEY);
    return null;
  }
}
