import type { FastifyInstance } from 'fastify';
import {
  MAIL_TEMPLATE_KINDS,
  MailPreview,
  MailTemplate,
  MailTemplateBody,
  MailTemplateKindParam,
  MailTemplateList,
  type MailTemplateKind,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { audit } from '../security';
import { PLACEHOLDERS, render, unknownPlaceholders, type Wording } from './templates';
import { dropWording, resellerOf, saveWording, wordingFor } from './compose';

// Spec §2: mail templates are a reseller's screen; each reseller words the mails of its own companies.
const cfg = {
  config: { access: { admin: 'none', reseller: 'own', company_admin: 'none', user: 'none' } satisfies AccessPolicy },
};
const tags = ['mail templates'];

function checked(kind: MailTemplateKind, w: Wording): Wording {
  const unknown = unknownPlaceholders(kind, w);
  if (unknown.length) {
    const allowed = Object.keys(PLACEHOLDERS[kind])
      .map((p) => `{{${p}}}`)
      .join(', ');
    throw new HttpError(
      400,
      `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => (u === '{{' ? '"{{"' : `{{${u}}}`)).join(', ')}; this mail can use ${allowed}`,
    );
  }
  return w;
}

export default async function mailTemplateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const view = async (reseller: string, kind: MailTemplateKind): Promise<MailTemplate> => {
    const w = await wordingFor(app.db, reseller, kind);
    return {
      kind,
      subject: w.subject,
      body: w.body,
      is_default: w.is_default,
      placeholders: Object.keys(PLACEHOLDERS[kind]),
      updated_on: w.updated_on?.toISOString() ?? null,
    };
  };

  app.get('/mail_template/list', { ...cfg, schema: { tags, response: { 200: MailTemplateList } } }, async (req) => ({
    items: await Promise.all(MAIL_TEMPLATE_KINDS.map((k) => view(req.user.reseller_uuid as string, k))),
  }));

  app.put(
    '/mail_template/:kind',
    {
      ...cfg,
      schema: {
        tags,
        params: MailTemplateKindParam,
        body: MailTemplateBody,
        response: { 200: MailTemplate },
        description: "Saves the reseller's own wording of this mail.",
      },
    },
    async (req) => {
      const reseller = req.user.reseller_uuid as string;
      const { kind } = req.params;
      const w = checked(kind, req.body);
      const before = await view(reseller, kind);
      await saveWording(app.db, reseller, kind, w);
      const after = await view(reseller, kind);
      await audit(
        req,
        'mail_template',
        kind,
        { reseller_uuid: reseller, subject: before.subject, body: before.body },
        { reseller_uuid: reseller, subject: after.subject, body: after.body },
      );
      return after;
    },
  );

  app.delete(
    '/mail_template/:kind',
    {
      ...cfg,
      schema: {
        tags,
        params: MailTemplateKindParam,
        response: { 200: MailTemplate },
        description: 'Goes back to the default template: the system wording is sent again.',
      },
    },
    async (req) => {
      const reseller = req.user.reseller_uuid as string;
      const { kind } = req.params;
      const removed = await dropWording(app.db, reseller, kind);
      if (removed) await audit(req, 'mail_template', kind, { reseller_uuid: reseller, ...removed }, null);
      return view(reseller, kind);
    },
  );

  app.post(
    '/mail_template/:kind/preview',
    {
      ...cfg,
      config: { ...cfg.config, readsOnly: true },
      schema: {
        tags,
        params: MailTemplateKindParam,
        body: MailTemplateBody,
        response: { 200: MailPreview },
        description: 'The wording filled with sample values and the reseller name.',
      },
    },
    async (req) => {
      const w = checked(req.params.kind, req.body);
      const reseller = await resellerOf(app.db, { reseller_uuid: req.user.reseller_uuid });
      return render(w, { ...PLACEHOLDERS[req.params.kind], reseller_name: reseller.name });
    },
  );
}
