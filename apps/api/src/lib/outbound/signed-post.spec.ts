import { OutboundPoster, type OutboundPostOptions } from './signed-post';

describe('OutboundPoster: one signed POST and its outcome in log words', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let answer: () => Promise<Response>;
  const poster = (o: Partial<OutboundPostOptions> = {}) =>
    new OutboundPoster({
      allowPrivate: false,
      timeoutMs: 50,
      urlWords: 'The URL',
      fetch: (url, init) => {
        calls.push({ url, init });
        return answer();
      },
      ...o,
    });
  beforeEach(() => {
    calls.length = 0;
    answer = async () => new Response('ok', { status: 202 });
  });

  it('posts the body with the JSON headers and the signature made for the moment it is sent', async () => {
    const before = Math.floor(Date.now() / 1000);
    const out = await poster().post('https://hooks.example.com/in', '{"a":1}', (ts) => ({ 'x-sig': `s${ts}` }));
    expect(out).toEqual({ ok: true, status_code: 202, error: null });
    expect(calls).toHaveLength(1);
    const { init } = calls[0];
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', redirect: 'manual' });
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(Number(headers['x-sig'].slice(1))).toBeGreaterThanOrEqual(before);
  });

  it('refuses a non-public address literal before any request, naming the URL as the domain asks', async () => {
    const out = await poster({ urlWords: 'The webhook URL' }).post('http://127.0.0.1:9/x', '{}', () => ({}));
    expect(calls).toHaveLength(0);
    expect(out.ok).toBe(false);
    expect(out.status_code).toBeNull();
    expect(out.error).toMatch(/^The webhook URL must reach a public address: 127\.0\.0\.1 is/);
  });

  it('keeps a non-2xx status, and says a network failure with its cause only where asked', async () => {
    answer = async () => new Response('no', { status: 503 });
    expect(await poster().post('https://hooks.example.com/', '{}', () => ({}))).toEqual({
      ok: false,
      status_code: 503,
      error: 'The endpoint answered 503',
    });
    answer = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
    expect((await poster().post('https://hooks.example.com/', '{}', () => ({}))).error).toBe('fetch failed');
    const withCause = await poster({ withCause: true }).post('https://hooks.example.com/', '{}', () => ({}));
    expect(withCause.error).toBe('fetch failed: connect ECONNREFUSED');
  });

  it('says a timeout in words', async () => {
    answer = () => Promise.reject(Object.assign(new Error('aborted'), { name: 'TimeoutError' }));
    expect((await poster().post('https://hooks.example.com/', '{}', () => ({}))).error).toBe('No answer within 50 ms');
  });
});
