// Calls that work through large inputs (bulk sends and estimates of up to 100,000 numbers, CSV imports) are
// limited per tenant: five estimates at once from one API key made another tenant's GET /home wait 12.4 s.
// A route opts in with config.heavy; beyond the limit it answers 429 with Retry-After before its body is read.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a call over large inputs: at most HEAVY_REQUESTS_PER_TENANT of them run at once per tenant */
    heavy?: boolean;
  }
  interface FastifyRequest {
    heavySlot: HeavySlot | null;
  }
}

/** Seconds a refused caller is told to wait: an estimate of 100,000 numbers takes a few seconds. */
export const HEAVY_RETRY_AFTER_S = 5;

interface HeavySlot {
  release(): void;
  /** the handler began: only its end frees the slot (a caller that hangs up does not stop the work) */
  started: boolean;
}

/** Counts the heavy calls running per tenant. */
export class HeavyRequests {
  private readonly running = new Map<string, number>();
  constructor(readonly perTenant: number) {}

  /** A slot for `tenant`, or null when it already runs its limit. */
  take(tenant: string): HeavySlot | null {
    const now = this.running.get(tenant) ?? 0;
    if (now >= this.perTenant) return null;
    this.running.set(tenant, now + 1);
    let held = true;
    return {
      started: false,
      release: () => {
        if (!held) return;
        held = false;
        const left = (this.running.get(tenant) ?? 1) - 1;
        if (left > 0) this.running.set(tenant, left);
        else this.running.delete(tenant);
      },
    };
  }

  inUse(tenant: string): number {
    return this.running.get(tenant) ?? 0;
  }
}

/** The tenant a caller's heavy calls count against: its company, else its reseller, else the user (an admin). */
const tenantOf = (u: FastifyRequest['user']) =>
  u.company_uuid ? `company:${u.company_uuid}` : u.reseller_uuid ? `reseller:${u.reseller_uuid}` : `user:${u.uuid}`;

export default fp<{ perTenant: number }>(async (app, opts) => {
  const heavy = new HeavyRequests(opts.perTenant);
  app.decorate('heavyRequests', heavy);
  app.decorateRequest('heavySlot', null);

  // preParsing runs after the sign-in (onRequest), before the body is read and parsed
  app.addHook('preParsing', async (req) => {
    if (!req.routeOptions.config.heavy || !req.user) return;
    const slot = heavy.take(tenantOf(req.user));
    if (!slot)
      throw new HttpError(
        429,
        `Too many large requests at once: your account already runs ${heavy.perTenant} (bulk sends, estimates or imports). Wait for one to finish and try again.`,
        { 'retry-after': String(HEAVY_RETRY_AFTER_S) },
      );
    req.heavySlot = slot;
  });
  // the handler's end frees the slot; a request refused before its handler (a bad body) frees it when answered
  app.addHook('onRoute', (route) => {
    if (!route.config?.heavy) return;
    const handler = route.handler;
    route.handler = async function (this: unknown, req: FastifyRequest, reply: FastifyReply) {
      const slot = req.heavySlot;
      if (slot) slot.started = true;
      try {
        return await (handler as (r: FastifyRequest, p: FastifyReply) => unknown).call(this, req, reply);
      } finally {
        slot?.release();
      }
    } as typeof route.handler;
  });
  app.addHook('onResponse', async (req) => {
    if (req.heavySlot && !req.heavySlot.started) req.heavySlot.release();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    heavyRequests: HeavyRequests;
  }
}
