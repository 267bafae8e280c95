// The npm `smpp` package (0.5.1) ships no types: the part the carrier simulator uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    system_id?: string;
    password?: string;
    source_addr?: string;
    destination_addr?: string;
    data_coding?: number;
    esm_class?: number;
    registered_delivery?: number;
    short_message?: { message?: string | Buffer; udh?: Buffer[] } | Buffer | string;
    message_payload?: { message?: string | Buffer } | string;
    [key: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
    isResponse(): boolean;
  }
  export class Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: Pdu, onResponse?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }
  export class Server extends NetServer {
    sessions: Session[];
  }
  export function createServer(listener: (session: Session) => void): Server;
  export const errors: Record<string, number>;
}
