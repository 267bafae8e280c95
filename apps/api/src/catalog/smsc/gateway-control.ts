import type { GatewayHealth } from '@smsc/shared-contract';

/**
 * An SMSC connection as the gateway gets it: with its password sealed (app.secrets.smscPassword), which
 * the adapter opens only where it writes its configuration; no HTTP answer ever carries it.
 */
export interface GatewayConnection {
  smsc_connection_uuid: string;
  smsc_id: string;
  vendor_uuid: string | null;
  api_adapter_id: string;
  host: string | null;
  port: number | null;
  system_id: string | null;
  password: string | null;
  system_type: string | null;
  url: string | null;
  throughput: number | null;
  /** SMPP window (max-pending-submits); null or absent: the installation's default */
  window_size?: number | null;
  /** SMPP: one transceiver bind (default) or a transmitter plus a receiver */
  transceiver_mode?: boolean;
  /** who carries it: Kannel (absent too) or the direct SMPP client */
  gateway?: 'kannel' | 'direct';
  /** the direct gateway's binds; null or absent: one */
  binds?: number | null;
}

/**
 * What a gateway adapter plugin decorates the app with (`app.decorate('gatewayControl', ...)`) so
 * POST /gateway {command: "restart"} hands it the active connections. Without it the built-in
 * simulator carries every message and there is nothing to apply.
 */
export interface GatewayControl {
  restart(connections: GatewayConnection[]): Promise<{ message?: string } | void>;
  /** the links' bind health (GET /smsc_connection/status) */
  status?(): Promise<GatewayHealth>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gatewayControl?: GatewayControl;
  }
}
