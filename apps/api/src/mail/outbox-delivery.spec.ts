import { afterFailure, MAX_ATTEMPTS } from './outbox-delivery';

describe('outbox retry rule', () => {
  it('waits longer after each failure, capped at ten minutes', () => {
    expect([1, 2, 3].map((n) => afterFailure(n, 20))).toEqual(
      [2, 4, 8].map((s) => ({ status: 'pending', retryInSeconds: s })),
    );
    expect(afterFailure(15, 20)).toEqual({ status: 'pending', retryInSeconds: 600 });
  });

  it('gives up on the last attempt', () => {
    expect(afterFailure(MAX_ATTEMPTS - 1).status).toBe('pending');
    expect(afterFailure(MAX_ATTEMPTS)).toEqual({ status: 'failed' });
  });
});
