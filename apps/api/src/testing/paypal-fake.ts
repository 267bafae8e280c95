// A local stand-in for PayPal's REST API (OAuth token, create / capture / get order) for tests: the
// real SDK talks to it over HTTP (PAYPAL_API_BASE). `forge` changes the next capture answers, the way a
// tampered or unexpected answer would look.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  id: string;
  amount: { currency_code: string; value: string };
  reference_id: string;
  custom_id?: string;
  captured: boolean;
}
export interface Forgery {
  status?: string;
  captureStatus?: string;
  value?: string;
  currency?: string;
  reference?: string;
}

export class FakePaypal {
  readonly orders = new Map<string, FakeOrder>();
  readonly calls: { method: string; path: string; body: unknown }[] = [];
  forge: Forgery | null = null;
  failCreate = false;
  private server: Server | null = null;
  private seq = 0;
  url = '';

  private orderAnswer(o: FakeOrder, f: Forgery | null) {
    return {
      id: o.id,
      intent: 'CAPTURE',
      status: f?.status ?? 'COMPLETED',
      purchase_units: [
        {
          reference_id: f?.reference ?? o.reference_id,
          custom_id: o.custom_id,
          amount: o.amount,
          payments: {
            captures: [
              {
                id: `CAP-${o.id}`,
                status: f?.captureStatus ?? 'COMPLETED',
                amount: { currency_code: f?.currency ?? o.amount.currency_code, value: f?.value ?? o.amount.value },
                custom_id: o.custom_id,
                final_capture: true,
              },
            ],
          },
        },
      ],
      links: [{ href: `${this.url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }],
    };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        const body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
        this.calls.push({ method: req.method ?? '', path, body });
        const send = (status: number, answer: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        };
        if (path === '/v1/oauth2/token')
          return send(200, {
            access_token: 'fake-token',
            token_type: 'Bearer',
            expires_in: 32400,
            scope: 'https://uri.paypal.com/services/payments',
          });
        if (req.headers.authorization !== 'Bearer fake-token') return send(401, { name: 'AUTHENTICATION_FAILURE' });
        if (req.method === 'POST' && path === '/v2/checkout/orders') {
          if (this.failCreate) return send(500, { name: 'INTERNAL_SERVER_ERROR' });
          const unit = body.purchase_units[0];
          const o: FakeOrder = {
            id: `ORDER${++this.seq}X`,
            amount: unit.amount,
            reference_id: unit.reference_id,
            custom_id: unit.custom_id,
            captured: false,
          };
          this.orders.set(o.id, o);
          return send(201, {
            id: o.id,
            status: 'PAYER_ACTION_REQUIRED',
            links: [
              { href: `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' },
            ],
          });
        }
        const m = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]+)(\/capture)?$/.exec(path);
        const o = m && this.orders.get(m[1]);
        if (!o) return send(404, { name: 'RESOURCE_NOT_FOUND' });
        if (req.method === 'POST' && m[2]) {
          if (o.captured)
            return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
          o.captured = true;
          return send(201, this.orderAnswer(o, this.forge));
        }
        if (req.method === 'GET')
          return send(
            200,
            o.captured
              ? this.orderAnswer(o, this.forge)
              : {
                  ...this.orderAnswer(o, null),
                  status: 'APPROVED',
                  purchase_units: [{ reference_id: o.reference_id, amount: o.amount }],
                },
          );
        return send(405, {});
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  capturesOf(id: string) {
    return this.calls.filter((c) => c.method === 'POST' && c.path === `/v2/checkout/orders/${id}/capture`).length;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
