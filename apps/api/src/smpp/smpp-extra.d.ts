// What the listener and its tests use of the `smpp` package beyond kannel/smpp.d.ts (ambient declarations merge).
declare module 'smpp' {
  import type { Socket } from 'node:net';
  export const encodings: Record<
    'ASCII' | 'LATIN1' | 'UCS2',
    { match(text: string): boolean; encode(text: string): Buffer }
  >;
  export interface ConnectOptions {
    host?: string;
    port?: number;
    tls?: boolean;
    rejectUnauthorized?: boolean;
    url?: string;
  }
  export function connect(options: ConnectOptions | string, listener?: () => void): Session;
  /** SMPP 3.4's commands by name (`submit_sm`, `submit_sm_resp`, …) as the package defines them */
  export const commands: Record<string, { id: number }>;
  export interface Session {
    socket: Socket;
    /** set by pause(), cleared by resume(): PDUs are not read meanwhile */
    paused: boolean;
    bind_transceiver(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    bind_transmitter(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    bind_receiver(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
  }
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    /** the largest command_length the package reads (16,384); a longer PDU is an error of its session */
    static maxLength: number;
    static commandLength(stream: import('node:stream').Readable): number | false;
  }
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
}
