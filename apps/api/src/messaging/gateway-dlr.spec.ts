import { HttpError } from '../lib/http-error';
import { secretCheck, simulatorCall } from './gateway-dlr';

// The simulator's reports skip HTTP; they must be answered as GET /gateway/dlr answers them.
describe('simulatorCall', () => {
  const ID = '11111111-1111-4111-8111-111111111111';
  const make = (receive = async () => ({ ok: true, status: 'delivered' as const, duplicate: false })) => {
    const injected: string[] = [];
    const received: unknown[] = [];
    const call = simulatorCall(
      '/api/gateway/dlr',
      secretCheck('s e/cret'),
      async (q) => {
        received.push(q);
        return receive();
      },
      async (url) => {
        injected.push(url);
        return { statusCode: 200, body: '{"ok":true}' };
      },
    );
    return { call, injected, received };
  };

  it('applies a report without a request, with the fields the route reads', async () => {
    const { call, injected, received } = make();
    const res = await call(
      `/api/gateway/dlr?secret=s%20e%2Fcret&id=${ID}&type=1&smsc=simulator&error=000&reply=id%3Ax&time=5`,
    );
    expect(res).toEqual({ statusCode: 200, body: '{"ok":true,"status":"delivered","duplicate":false}' });
    expect(received).toEqual([{ id: ID, type: 1, smsc: 'simulator', error: '000', reply: 'id:x', time: '5' }]);
    expect(injected).toEqual([]);
  });

  it('answers a wrong secret and an unknown message with the route’s statuses', async () => {
    const { call } = make(async () => {
      throw new HttpError(404, 'SMS not found');
    });
    expect((await call(`/api/gateway/dlr?secret=nope&id=${ID}&type=1`)).statusCode).toBe(403);
    expect((await call(`/api/gateway/dlr?id=${ID}&type=1`)).statusCode).toBe(401);
    expect(await call(`/api/gateway/dlr?secret=s%20e%2Fcret&id=${ID}&type=1`)).toEqual({
      statusCode: 404,
      body: '{"error":{"message":"SMS not found"}}',
    });
  });

  it('sends what the route’s schema would judge, and other URLs, through the app', async () => {
    const { call, injected, received } = make();
    await call('/api/gateway/dlr?secret=s%20e%2Fcret&id=not-a-uuid&type=1');
    await call(`/api/gateway/dlr?secret=s%20e%2Fcret&id=${ID}&type=99`);
    await call('/api/gateway/mo?secret=s%20e%2Fcret&from=%2B1&to=%2B2&text=hi');
    expect(injected).toHaveLength(3);
    expect(received).toEqual([]);
  });
});
