import type { ApiAdapter, SmscField } from '@smsc/shared-contract';

/**
 * The API adapters the gateway implements: code, not data, so the list is what the gateway can
 * actually speak. Each names the connection fields it needs, which the connection calls enforce.
 */
export const API_ADAPTERS: readonly ApiAdapter[] = [
  {
    api_adapter_id: 'simulator',
    name: 'Built-in SMSC simulator',
    protocol: 'simulator',
    required: [],
    optional: [],
    description: 'Accepts every message and answers delivery reports itself; for demos and tests.',
  },
  {
    api_adapter_id: 'smpp',
    name: 'SMPP 3.4 client',
    protocol: 'smpp',
    required: ['host', 'port', 'system_id', 'password'],
    optional: ['system_type'],
    description:
      "Binds as a transceiver to the vendor's SMSC and submits with submit_sm; receipts arrive as deliver_sm.",
  },
  {
    api_adapter_id: 'kannel',
    name: 'Kannel bearerbox',
    protocol: 'kannel',
    required: ['host', 'port'],
    optional: ['system_id', 'password'],
    description: 'Hands messages to a Kannel smsbox (sendsms) whose bearerbox holds the SMSC links.',
  },
  {
    api_adapter_id: 'http',
    name: 'HTTP API',
    protocol: 'http',
    required: ['url'],
    optional: ['system_id', 'password'],
    description: "Posts each message to the vendor's HTTP API; the password is sent as its API key.",
  },
];

export const adapterById = (id: string): ApiAdapter | undefined => API_ADAPTERS.find((a) => a.api_adapter_id === id);

/** The required fields an adapter needs that a connection leaves empty. */
export function missingFields(adapter: ApiAdapter, row: Partial<Record<SmscField, unknown>>): SmscField[] {
  return adapter.required.filter((f) => row[f] === null || row[f] === undefined || row[f] === '');
}
