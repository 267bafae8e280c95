import type { LiveEvent } from '@smsc/shared-contract';

/**
 * Stands in for GET /events in component tests: `fetchImpl` (for startLiveEvents) answers each call with the next
 * stream, whose frames the test pushes as the server would write them.
 */
export function fakeLiveStreams(count = 1) {
  const streams = Array.from({ length: count }, fakeStream);
  const requests: RequestInit[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    requests.push(init);
    return { status: 200, ok: true, body: streams[requests.length - 1].body };
  }) as unknown as typeof fetch;
  return { streams, requests, fetchImpl };
}

export const READY_FRAME = 'retry: 5000\nevent: ready\ndata: {}\n\n';
export const liveFrame = (e: LiveEvent) => `data: ${JSON.stringify(e)}\n\n`;

function fakeStream() {
  const chunks: Uint8Array[] = [];
  let wake: (() => void) | null = null;
  let done = false;
  const enc = new TextEncoder();
  return {
    push(text: string) {
      chunks.push(enc.encode(text));
      wake?.();
    },
    end() {
      done = true;
      wake?.();
    },
    body: {
      getReader: () => ({
        async read(): Promise<{ value?: Uint8Array; done: boolean }> {
          for (;;) {
            const next = chunks.shift();
            if (next) return { value: next, done: false };
            if (done) return { done: true };
            await new Promise<void>((r) => (wake = r));
          }
        },
      }),
    },
  };
}
