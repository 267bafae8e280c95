// jsdom hides Node's fetch, streams and TextEncoder; RTK Query and react-router need them.
if (typeof window !== 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  Object.assign(globalThis, { TextEncoder, TextDecoder });
  const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web');
  Object.assign(globalThis, { ReadableStream, TransformStream, WritableStream });
  const { MessageChannel, MessagePort, BroadcastChannel } = require('node:worker_threads');
  Object.assign(globalThis, { MessageChannel, MessagePort, BroadcastChannel });
  const undici = require('undici');
  // a browser resolves a relative URL against the page (the console calls '/api_smsc/v1/...'); Node's
  // Request refuses it, so every component spec would patch it
  class PageRequest extends undici.Request {
    constructor(input, init) {
      super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
    }
  }
  Object.assign(globalThis, {
    fetch: undici.fetch,
    Request: PageRequest,
    Response: undici.Response,
    Headers: undici.Headers,
    FormData: undici.FormData,
  });
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.getComputedStyle.__patched) {
    const original = window.getComputedStyle.bind(window);
    // antd asks for pseudo-element styles, which jsdom does not implement.
    window.getComputedStyle = Object.assign((el) => original(el), { __patched: true });
  }
}
