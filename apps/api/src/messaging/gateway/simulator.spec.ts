import { SmscSimulator } from './simulator';

const msg = (id: string) => ({
  sms_uuid: id,
  ani: '+12125552301',
  dnis: '+14155550111',
  text: 'hi',
  segments: 1,
  encoding: 'GSM-7' as const,
  vendor_product_uuid: null,
});

describe('SMSC simulator', () => {
  const make = (over: Partial<ConstructorParameters<typeof SmscSimulator>[0]> = {}) => {
    const calls: string[] = [];
    const sim = new SmscSimulator({
      latencyMs: 0,
      failureRate: 0,
      autoDeliver: false,
      base: '/api',
      secret: 's e/cret',
      call: async (url) => {
        calls.push(url);
        return { statusCode: 200, body: '{}' };
      },
      ...over,
    });
    return { sim, calls };
  };

  it('reports through a Kannel-shaped dlr-url with the message id and the secret, delivered or undelivered by the failure rate', async () => {
    let n = 0;
    const { sim, calls } = make({ failureRate: 0.5, random: () => [0.9, 0.1][n++ % 2] });
    await sim.submit(msg('11111111-1111-4111-8111-111111111111'));
    await sim.submit(msg('22222222-2222-4222-8222-222222222222'));
    expect(calls).toHaveLength(0);
    expect(sim.pending).toBe(2);
    await sim.drain();
    expect(calls[0]).toMatch(
      /^\/api\/gateway\/dlr\?secret=s%20e%2Fcret&id=11111111-1111-4111-8111-111111111111&type=1&smsc=simulator&error=000&reply=id%3A.*stat%3ADELIVRD&time=\d+$/,
    );
    expect(calls[1]).toMatch(/id=22222222-2222-4222-8222-222222222222&type=2&smsc=simulator&error=001/);
    expect(sim.pending).toBe(0);
  });

  it('delivers by itself after the latency, with one timer, and close() leaves nothing running', async () => {
    const { sim, calls } = make({ latencyMs: 30, autoDeliver: true });
    await sim.submit(msg('33333333-3333-4333-8333-333333333333'));
    await sim.submit(msg('44444444-4444-4444-8444-444444444444'));
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(2);
    await sim.submit(msg('55555555-5555-4555-8555-555555555555'));
    await sim.close();
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(2);
    await expect(sim.submit(msg('66666666-6666-4666-8666-666666666666'))).rejects.toThrow(/stopped/);
  });

  it('injects incoming messages like sms-service get-url', async () => {
    const { sim, calls } = make();
    await sim.injectMo({ from: '+14155550111', to: '+12125552301', text: 'Hello & bye' });
    expect(calls[0]).toMatch(
      /^\/api\/gateway\/mo\?secret=s%20e%2Fcret&from=%2B14155550111&to=%2B12125552301&text=Hello%20%26%20bye&smsc=simulator&id=[0-9a-f-]{36}&time=\d+$/,
    );
  });
});
