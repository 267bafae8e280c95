import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { OutboundRefused, pinnedAgent, resolvePublic, type Resolve } from './pinned-agent';

describe('pinned outbound connections', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  let hosts: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(String(req.headers.host));
      res.end('ok');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise((r) => server.close(r)));
  beforeEach(() => {
    connections = 0;
    hosts = [];
  });

  /** A name server stub: answers each call from the list in turn, counting the calls. */
  const stub = (...answers: string[][]) => {
    const calls: string[] = [];
    const resolve: Resolve = async (host) => {
      calls.push(host);
      const next = answers[Math.min(calls.length - 1, answers.length - 1)];
      return next.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { resolve, calls };
  };

  it('refuses a name that resolves to a private address and never connects to it', async () => {
    for (const answer of [['127.0.0.1'], ['::ffff:7f00:1'], ['8.8.8.8', '127.0.0.1'], ['169.254.169.254']]) {
      const { resolve, calls } = stub(answer);
      const agent = pinnedAgent(resolve);
      const err = await fetch(`http://rebind.example.test:${port}/hook`, { dispatcher: agent, method: 'POST' }).then(
        () => null,
        (e: Error & { cause?: unknown }) => e.cause,
      );
      await agent.close();
      expect([answer, err instanceof OutboundRefused, calls]).toEqual([answer, true, ['rebind.example.test']]);
      expect((err as Error).message).toMatch(
        /^rebind\.example\.test resolves to .* webhooks go to public endpoints only$/,
      );
    }
    expect(connections).toBe(0);
  });

  it('connects to exactly the address its one lookup answered', async () => {
    // a rebinding name: the first answer is the one connected to; a second lookup would say otherwise
    const { resolve, calls } = stub(['127.0.0.1'], ['10.0.0.1']);
    const agent = pinnedAgent(resolve, true);
    const res = await fetch(`http://pinned.example.test:${port}/hook`, { dispatcher: agent });
    expect(await res.text()).toBe('ok');
    await agent.close();
    expect(calls).toEqual(['pinned.example.test']);
    expect(hosts).toEqual([`pinned.example.test:${port}`]);
  });

  it('answers the checked, canonical address of a public name', async () => {
    expect(await resolvePublic('x.test', stub(['::ffff:808:808']).resolve)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await resolvePublic('x.test', stub(['2606:4700::1111']).resolve)).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    await expect(resolvePublic('x.test', stub([]).resolve)).rejects.toThrow('x.test has no address');
  });
});
