import type { FastifyRequest } from 'fastify';
import type { UserType } from '@smsc/shared-contract';

/**
 * all: every record; tenant: records of the caller's companies (reseller: its companies, company
 * types: their company); own: only the caller's own record; none: 403.
 */
export type AccessLevel = 'all' | 'tenant' | 'own' | 'none';
export type AccessPolicy = 'public' | Record<UserType, AccessLevel>;

export const adminOnly: AccessPolicy = { admin: 'all', reseller: 'none', company_admin: 'none', user: 'none' };
export const signedIn: AccessPolicy = { admin: 'all', reseller: 'own', company_admin: 'own', user: 'own' };
export const readShared: AccessPolicy = { admin: 'all', reseller: 'all', company_admin: 'all', user: 'all' };

export interface AuthUser {
  uuid: string;
  email: string;
  user_type: UserType;
  company_uuid: string | null;
  reseller_uuid: string | null;
  jti: string;
  exp: number;
  /** a read-only member of a reseller's team: the auth hook refuses its writes */
  read_only?: boolean;
  /** set when the caller is a company API key rather than a signed-in session */
  api_key_uuid?: string;
  /** the key is a test key (the sandbox, messaging/sandbox.ts): its sends are never charged nor carried */
  sandbox?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** the 403's words for a caller whose level here is 'none', when a plain refusal would not say why */
    refusal?: string;
    /** a POST that changes nothing (a search, a preview): a read-only login may call it (plugins/auth.ts) */
    readsOnly?: boolean;
  }
  interface FastifyRequest {
    /** set by the auth hook on every non-public route */
    user: AuthUser;
    /** the caller's access level on the current route */
    level: AccessLevel;
  }
}

/** Cost (what the platform pays its vendor) and margin are the admin's and resellers' business, not the companies'. */
export const showCost = (req: FastifyRequest) => req.user.user_type === 'admin' || req.user.user_type === 'reseller';
