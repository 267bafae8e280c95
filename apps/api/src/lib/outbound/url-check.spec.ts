import type { Resolve } from './pinned-agent';
import { endpointProblem } from './url-check';

describe('the save-time check of an endpoint URL', () => {
  const names: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
    'inside.example.com': ['127.0.0.1'],
  };
  const resolve: Resolve = async (host) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: 4 }));
  };
  const check = (url: string, allowPrivate = false) => endpointProblem(url, { allowPrivate, resolve });

  it('accepts a public host and a public address', async () => {
    expect(await check('https://hooks.example.com/sms')).toBeNull();
    expect(await check('http://93.184.215.14:8080/sms')).toBeNull();
  });

  it('refuses private literals, local names and names that resolve to a private address, with the reason', async () => {
    expect(await check('http://10.1.2.3/x')).toBe('must reach a public address: 10.1.2.3 is a private address');
    expect(await check('http://localhost:3000/x')).toBe('must reach a public host: localhost is a local name');
    expect(await check('https://inside.example.com/x')).toBe(
      'cannot be used: inside.example.com resolves to 127.0.0.1 is a loopback address; webhooks go to public endpoints only',
    );
    expect(await check('https://rebind.example.com/x')).toMatch(
      /^cannot be used: rebind\.example\.com resolves to 10\.0\.0\.7/,
    );
  });

  it('refuses a name that does not resolve: it could never be delivered to', async () => {
    expect(await check('https://nowhere.example.net/x')).toBe(
      'cannot be reached: nowhere.example.net does not resolve (ENOTFOUND)',
    );
  });

  it('lets loopback through only when private targets are allowed (tests, closed networks)', async () => {
    expect(await check('http://127.0.0.1:9/x', true)).toBeNull();
    expect(await check('http://127.0.0.1:9/x')).not.toBeNull();
  });
});
