// JWT-shaped HS256 tokens built on node:crypto so no extra dependency is needed.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { UserType } from '@smsc/shared-contract';

/** iat is fractional seconds (allowed for a NumericDate) so a login right after a password change stays valid. */
export interface TokenClaims {
  sub: string;
  typ: UserType;
  email: string;
  exp: number;
  iat: number;
  jti: string;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signToken(
  secret: string,
  claims: Omit<TokenClaims, 'jti' | 'exp' | 'iat'>,
  ttlSeconds: number,
): { token: string; exp: number } {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const body = b64(JSON.stringify({ ...claims, exp, iat: Date.now() / 1000, jti: randomUUID() }));
  const sig = b64(createHmac('sha256', secret).update(`${HEADER}.${body}`).digest());
  return { token: `${HEADER}.${body}.${sig}`, exp };
}

/** Returns the claims of a well-signed, unexpired token, else null. */
export function verifyToken(secret: string, token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const got = Buffer.from(parts[2], 'base64url');
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(Date.now() / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}

/** One-time tokens (confirmation, reset): 32 random bytes for the mail, only the sha256 at rest. */
export function newActionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
