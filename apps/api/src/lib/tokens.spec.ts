import { newActionToken, sha256, signToken, verifyToken } from './tokens';
import { wildcard } from './list';

describe('tokens', () => {
  const claims = { sub: 'u1', typ: 'admin' as const, email: 'a@example.com' };
  it('verifies its own signature and refuses another secret or an expired token', () => {
    const { token, exp } = signToken('s1', claims, 60);
    expect(verifyToken('s1', token)).toMatchObject({ ...claims, exp });
    expect(verifyToken('s2', token)).toBeNull();
    expect(verifyToken('s1', signToken('s1', claims, -1).token)).toBeNull();
    expect(verifyToken('s1', 'not.a.token')).toBeNull();
  });
  it('makes 32-byte one-time tokens and keeps only their hash', () => {
    const { token, hash } = newActionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(sha256(token));
    expect(hash).not.toContain(token);
  });
});

describe('wildcard', () => {
  it('turns console * wildcards into ILIKE patterns and escapes LIKE metacharacters', () => {
    expect(wildcard('*acme*')).toBe('%acme%');
    expect(wildcard('acme')).toBe('%acme%');
    expect(wildcard('50%_off')).toBe('%50\\%\\_off%');
  });
});
