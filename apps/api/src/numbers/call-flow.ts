import type { FastifyInstance } from 'fastify';
import { CallWorkflowBody, CallWorkflowPayload, DidParam, type CallWorkflowBody as Body } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { HttpError } from '../lib/http-error';
import { DID_ACCESS } from './inventory-routes';
import { findDid } from './queries';
import { requireNanp } from './phone';
import { callFlowOf, saveCallFlow } from './call-flow-store';

export interface CallFlowFields {
  action: Body['action'];
  forward_to: string | null;
  email: string | null;
  message: string | null;
  ring_seconds: number;
}

const DEFAULT_RING_SECONDS = 25;

/**
 * A call flow's stored fields: each action keeps only what it uses (a forward its number, voicemail its
 * mailbox, a hang-up its message), so switching actions never leaves a stale target behind.
 */
export function callFlowFields(body: Body, did: string): CallFlowFields {
  const ring_seconds = body.ring_seconds ?? DEFAULT_RING_SECONDS;
  const message = body.message?.trim() || null;
  if (body.action === 'forward') {
    if (!body.forward_to?.trim()) throw new HttpError(400, 'A forward needs the number to forward to');
    const to = requireNanp(body.forward_to).e164;
    if (to === did) throw new HttpError(400, 'A number cannot forward to itself');
    return { action: 'forward', forward_to: to, email: null, message, ring_seconds };
  }
  if (body.action === 'voicemail') {
    if (!body.email?.trim()) throw new HttpError(400, 'Voicemail needs the e-mail address the recordings go to');
    return { action: 'voicemail', forward_to: null, email: body.email.trim().toLowerCase(), message, ring_seconds };
  }
  if (!message) throw new HttpError(400, 'A hang-up needs the message the caller hears');
  return { action: 'hangup', forward_to: null, email: null, message, ring_seconds };
}

/** POST /call_workflow (docs/spec.md §7) stores a number's call flow; GET /call_workflow/{did} reads it back for the editor. */
export default async function callFlowRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const tags = ['numbers'];
  app.post(
    '/call_workflow',
    {
      config: { access: DID_ACCESS.edit },
      schema: { tags, body: CallWorkflowBody, response: { 200: CallWorkflowPayload } },
    },
    async (req) => {
      const did = await findDid(app.db, req, req.body.did);
      if (did.type === 'sms') throw new HttpError(400, `${did.did} is an SMS-only number: it takes no calls`);
      const fields = callFlowFields(req.body, did.did);
      await saveCallFlow(app.db, did.did_uuid, fields, req.user.uuid);
      const saved = await callFlowOf(app.db, did.did_uuid);
      if (!saved) throw new HttpError(409, `${did.did} was removed while its call flow was saved`);
      return { call_workflow: saved };
    },
  );

  app.get(
    '/call_workflow/:did',
    { config: { access: DID_ACCESS.read }, schema: { tags, params: DidParam, response: { 200: CallWorkflowPayload } } },
    async (req) => {
      const did = await findDid(app.db, req, req.params.did);
      const flow = await callFlowOf(app.db, did.did_uuid);
      if (!flow) throw new HttpError(404, `${did.did} has no call flow yet`);
      return { call_workflow: flow };
    },
  );
}
