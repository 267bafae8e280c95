import { api } from '@smsc/shared-api';
import type { AuthRequest, AuthResponse, UserType } from '@smsc/shared-contract';

export interface TokenCheck {
  user_type: UserType;
  exp: number;
  email: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, AuthRequest>({ query: (body) => ({ url: '/auth', method: 'POST', body }) }),
    checkToken: build.mutation<TokenCheck, void>({ query: () => ({ url: '/auth/check-token', method: 'POST' }) }),
    logout: build.mutation<void, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
  }),
});
