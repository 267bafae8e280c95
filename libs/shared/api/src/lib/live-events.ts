// The console's end of the live event stream (GET /events, libs/shared/contract live.ts): every event names
// what changed on the server, and LIVE_TAGS, the one table from event kind to cache tags, says which reads
// follow it; RTK Query then refetches those that are on screen.
//
// Read with fetch() rather than EventSource, which cannot send the bearer header the API takes.
import type { TagDescription } from '@reduxjs/toolkit/query';
import { LIVE_EVENTS_PATH, LIVE_READY_EVENT, type LiveEvent, type LiveEventKind } from '@smsc/shared-contract';
import { api, API_BASE } from './api';
import {
  BULK_TAG,
  DID_TAG,
  GUARDS_TAG,
  LEDGER_TAG,
  LIVE_TAG_TYPES as TAG_TYPES,
  ROUTE_QUALITY_TAG,
  SMPP_ACCOUNT_TAG,
  SMS_TAG,
  TEMPLATE_TAG,
  WEBHOOK_TAG,
} from './shared-tags';

type Tag = TagDescription<(typeof TAG_TYPES)[number]>;

/** one row's tag and its list's, or the whole type when the change touched several rows */
const rowAndList = <T extends (typeof TAG_TYPES)[number]>(
  type: T,
  id: string | undefined,
  extra: string[] = [],
): Tag[] => (id ? [{ type, id }, { type, id: 'LIST' }, ...extra.map((x) => ({ type, id: `${x}-${id}` }))] : [type]);

/** Which cached reads an event makes stale: the one place kinds meet tags. */
export const LIVE_TAGS: Record<LiveEventKind, (e: LiveEvent) => Tag[]> = {
  // the header balance, quotes and estimates ("Available"), the transaction history; the company's spend
  // today and this month (its guards' usage) and the low-balance banner
  balance: (e) => [
    LEDGER_TAG,
    e.company_uuid ? { type: GUARDS_TAG, id: e.company_uuid } : GUARDS_TAG,
    { type: GUARDS_TAG, id: 'ALERTS' },
  ],
  // the SMS log's lists and the message pages (a status moved in place)
  sms: () => [SMS_TAG],
  // inventories and the compose box's From list
  did: () => [DID_TAG],
  // the bulk's own progress and the list's row
  bulk: (e) =>
    e.id
      ? [
          { type: BULK_TAG, id: e.id },
          { type: BULK_TAG, id: 'LIST' },
        ]
      : [BULK_TAG],
  // a webhook's delivery log, its row's latest outcome on the list
  webhook: (e) => rowAndList(WEBHOOK_TAG, e.id, ['log']),
  // an SMPP account's live binds, and its row
  smpp: (e) => rowAndList(SMPP_ACCOUNT_TAG, e.id, ['binds']),
  // the company's guards page (holds with its usage) and the alerts banner
  guard: (e) => [
    e.company_uuid ? { type: GUARDS_TAG, id: e.company_uuid } : GUARDS_TAG,
    { type: GUARDS_TAG, id: 'ALERTS' },
  ],
  // templates and their approval lists
  template: (e) => rowAndList(TEMPLATE_TAG, e.id),
  // the route quality list and a route's changes (a demotion, a promotion, a floor or pin set)
  route_quality: (e) => rowAndList(ROUTE_QUALITY_TAG, e.id, ['events']),
  // events may have been lost: everything the stream covers
  resync: () => ALL_LIVE_TAGS,
};
const ALL_LIVE_TAGS: Tag[] = [...TAG_TYPES];
/** The api with the tag types the table names (the resource libs add the same ones with their endpoints). */
const liveApi = api.enhanceEndpoints({ addTagTypes: [...TAG_TYPES] });

/** The tags an event invalidates (an unknown kind, from a newer server, none). */
export const tagsOf = (e: LiveEvent): Tag[] => LIVE_TAGS[e.kind]?.(e) ?? [];

export interface LiveOptions {
  token: string;
  dispatch: (action: unknown) => unknown;
  /** events of this long are folded into one invalidation: a busy company's burst is one refetch */
  foldMs?: number;
  /** first wait before a reconnect, doubled on each failure up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** told when the server refuses the session (401): the stream does not retry */
  onSignedOut?: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * Opens the session's stream and keeps it open (reconnecting with backoff) until the returned stop is called.
 * Each new stream after the first refetches everything it covers, as the events of the gap are not replayed.
 */
export function startLiveEvents(o: LiveOptions): () => void {
  const abort = new AbortController();
  const doFetch = o.fetchImpl ?? fetch;
  const pending = new Map<string, Tag>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let streams = 0;
  let backoff = o.backoffMs ?? 1000;

  const flush = () => {
    flushTimer = null;
    const tags = [...pending.values()];
    pending.clear();
    if (tags.length && !abort.signal.aborted) o.dispatch(liveApi.util.invalidateTags(tags));
  };
  const invalidate = (tags: Tag[]) => {
    for (const t of tags) pending.set(JSON.stringify(t), t);
    flushTimer ??= setTimeout(flush, o.foldMs ?? 300);
  };

  const onBlock = (block: string) => {
    if (new RegExp(`^event: ${LIVE_READY_EVENT}$`, 'm').test(block)) {
      backoff = o.backoffMs ?? 1000;
      if (streams++ > 0) invalidate(ALL_LIVE_TAGS);
      return;
    }
    const data = /^data: (.*)$/m.exec(block);
    if (!data) return;
    try {
      invalidate(tagsOf(JSON.parse(data[1]) as LiveEvent));
    } catch {
      // a malformed frame is skipped; the next resync covers it
    }
  };

  const connect = async () => {
    let refused = false;
    try {
      const res = await doFetch(`${API_BASE}${LIVE_EVENTS_PATH}`, {
        headers: { Authorization: `Bearer ${o.token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (res.status === 401) {
        refused = true;
        o.onSignedOut?.();
      } else if (res.ok && res.body) {
        const reader = res.body.getReader();
        const text = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += text.decode(value, { stream: true });
          let at: number;
          while ((at = buf.indexOf('\n\n')) >= 0) {
            onBlock(buf.slice(0, at));
            buf = buf.slice(at + 2);
          }
        }
      }
    } catch {
      // dropped (network, server restart) or stopped: the retry below decides
    }
    if (refused || abort.signal.aborted) return;
    retryTimer = setTimeout(() => void connect(), backoff);
    backoff = Math.min(backoff * 2, o.maxBackoffMs ?? 30_000);
  };

  void connect();
  return () => {
    abort.abort();
    if (retryTimer) clearTimeout(retryTimer);
    if (flushTimer) clearTimeout(flushTimer);
  };
}
