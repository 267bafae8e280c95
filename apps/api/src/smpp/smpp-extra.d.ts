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
  export interface Session {
    socket: Socket;
    bind_transceiver(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    bind_transmitter(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    bind_receiver(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, cb?: (pdu: Pdu) => void): boolean;
  }
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
  }
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
}
