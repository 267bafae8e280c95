// A new customer's way in (issue 45): the plan a self-registered company gets, the getting-started checklist
// of a new company, and where an SMPP customer connects.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';

/**
 * The plan (a product, hence its prices and routes) a company that signs up by itself gets: the platform's for
 * sign-ups on the platform (the system admin sets it), a reseller's for sign-ups through its link.
 */
export const SignupPlan = Type.Object({
  product_uuid: Nullable(Uuid),
  product_name: Nullable(Type.String()),
  /** the registration page's address that signs companies up with this plan */
  signup_url: Type.String(),
});
export type SignupPlan = Static<typeof SignupPlan>;

/** null: sign-ups get no plan (they cannot top up or send until someone gives them one) */
export const SignupPlanPut = Type.Object({ product_uuid: Nullable(Uuid) });
export type SignupPlanPut = Static<typeof SignupPlanPut>;

export const CHECKLIST_STEPS = ['verify_email', 'top_up', 'sender', 'first_message', 'api_key'] as const;
export type ChecklistStepId = (typeof CHECKLIST_STEPS)[number];

/** done: nothing left to do; todo: the next thing to do; blocked: cannot be done yet (`reason` says why) */
export const CHECKLIST_STATES = ['done', 'todo', 'blocked'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const ChecklistStep = Type.Object({
  id: Type.Union(CHECKLIST_STEPS.map((s) => Type.Literal(s))),
  state: Type.Union(CHECKLIST_STATES.map((s) => Type.Literal(s))),
  /** a reason code (ERROR_CODES) when blocked: the console words it */
  reason: Nullable(Type.String()),
});
export type ChecklistStep = Static<typeof ChecklistStep>;

/** GET /home/checklist: the caller's company's steps, each computed by the server. */
export const Checklist = Type.Object({
  /** every step is done: the console may hide the checklist */
  complete: Type.Boolean(),
  /** the company has a plan (a product that prices its messages) */
  has_plan: Type.Boolean(),
  steps: Type.Array(ChecklistStep),
});
export type Checklist = Static<typeof Checklist>;

/** GET /smpp/connection: where a customer's SMPP client connects (from the server's configuration). */
export const SmppConnection = Type.Object({
  host: Type.String(),
  port: Nullable(Type.Integer()),
  /** null: the platform offers no SMPP over TLS */
  tls_port: Nullable(Type.Integer()),
});
export type SmppConnection = Static<typeof SmppConnection>;

/** Who sent a message (the SMS log's "Sent by"): a person, a program's API key, or an SMPP account. */
export const SENT_BY_KINDS = ['user', 'api_key', 'smpp'] as const;
export type SentByKind = (typeof SENT_BY_KINDS)[number];
export const SentBy = Type.Object({
  kind: Type.Union(SENT_BY_KINDS.map((s) => Type.Literal(s))),
  /** the user's name, the key's name, or the account's system_id */
  name: Type.String(),
});
export type SentBy = Static<typeof SentBy>;
