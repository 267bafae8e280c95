import { waitFor } from '@testing-library/react';
import { startLiveEvents } from '@smsc/shared-api';
import { makeApiStore } from '@smsc/shared-session/api';
import { fakeLiveStreams, liveFrame, READY_FRAME, stubApi } from '@smsc/shared-testing';
import { smsApi } from './sms.api';

// Issue 44: the compose box's From list and the SMS log follow the server: a number bought or assigned (a did
// event) and a message stored or moving (an sms event) read them again.
describe('sms reads that follow the live stream', () => {
  let stub: ReturnType<typeof stubApi>;
  const reads: Record<string, number> = {};
  beforeAll(() => {
    stub = stubApi(({ path }) => {
      reads[path] = (reads[path] ?? 0) + 1;
      return { body: { items: [], total: 0, page: 0, per_page: 1000 } };
    });
  });
  afterAll(() => stub.restore());

  it('a did event reads the sending numbers again, an sms event the log, neither the other', async () => {
    const store = makeApiStore();
    const from = store.dispatch(smsApi.endpoints.senderNumbers.initiate());
    const log = store.dispatch(smsApi.endpoints.listSms.initiate({ page: 0, per_page: 25, is_received: false }));
    await waitFor(() => expect(reads).toEqual({ '/did/company/list': 1, '/sms/list': 1 }));
    const { streams, fetchImpl } = fakeLiveStreams();
    const stop = startLiveEvents({ token: 't', dispatch: store.dispatch, fetchImpl, foldMs: 10 });
    try {
      streams[0].push(READY_FRAME + liveFrame({ kind: 'did', company_uuid: 'c' }));
      await waitFor(() => expect(reads).toEqual({ '/did/company/list': 2, '/sms/list': 1 }));
      streams[0].push(liveFrame({ kind: 'sms', company_uuid: 'c' }));
      await waitFor(() => expect(reads).toEqual({ '/did/company/list': 2, '/sms/list': 2 }));
    } finally {
      stop();
      from.unsubscribe();
      log.unsubscribe();
    }
  });
});
