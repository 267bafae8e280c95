// What a customer session writes, and the limits it is held to: writes of one turn leave in one system call,
// and a client that does not read what we write stops being read (then is closed) instead of growing our buffers.
import type * as smpp from 'smpp';

/** a client's answers past this many times SMPP_WRITE_BUFFER_BYTES unread: it is not reading at all */
export const WRITE_BUFFER_CLOSE_FACTOR = 8;

/** The per-connection limits of the listener (config: SMPP_* settings; docs/security.md). */
export interface SmppLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  bindTimeoutMs: number;
  inactivityMs: number;
  writeBufferBytes: number;
  bindHashConcurrency: number;
}

/** What the listener counts of its sessions for /metrics. */
export interface SessionStats {
  /** sessions ended by a fault of theirs (a PDU we could not read or handle) */
  faults: number;
  /** connections closed by a timer: not bound in time, or silent for too long */
  timeouts: { bind: number; inactivity: number };
  /** connections closed for leaving too many answers unread */
  slowReaders: number;
  /** bind attempts refused before any password check (address limit, hashing saturated) */
  bindsThrottled: number;
}

/**
 * The PDUs a session sends in one turn of the event loop leave in one write: a batch of submits answered
 * together, or a poll's receipts, cost one system call instead of one each (a seventh of the listener's CPU).
 */
export function coalesceWrites(session: smpp.Session): void {
  const socket = session.socket;
  const send = session.send.bind(session);
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  session.send = (...args: Parameters<smpp.Session['send']>) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return send(...args);
  };
}

/**
 * A client that sends and never reads would have us buffer answers without end: past `limit` bytes queued,
 * `blocked(true)` (the session reads no further; TCP then slows the client) until the socket drains, and past
 * WRITE_BUFFER_CLOSE_FACTOR × limit the connection is destroyed.
 */
export function watchWriteBuffer(
  session: smpp.Session,
  limit: number,
  on: { blocked: (on: boolean) => void; overflow: (queued: number) => void },
): void {
  const socket = session.socket;
  const send = session.send.bind(session);
  let blocked = false;
  socket.on('drain', () => {
    if (!blocked) return;
    blocked = false;
    on.blocked(false);
  });
  session.send = (...args: Parameters<smpp.Session['send']>) => {
    const sent = send(...args);
    const queued = socket.writableLength;
    if (queued > limit * WRITE_BUFFER_CLOSE_FACTOR) {
      on.overflow(queued);
      socket.destroy();
    } else if (queued > limit && !blocked) {
      blocked = true;
      on.blocked(true);
    }
    return sent;
  };
}
