import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  IdParam,
  ListPage,
  MessageBody,
  ResellerMember,
  ResellerMemberCreate,
  ResellerMemberListQuery,
  ResellerMemberParams,
  ResellerMemberPatch,
} from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { HttpError } from '../lib/http-error';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { newActionToken } from '../lib/tokens';
import { rowsOf, type TenantColumns } from '../lib/tenancy';
import { resellerOf } from '../mail';
import { audit } from '../security';
import { resellerRow } from './reseller-store';
import { INVITED, insertMember, listMembers, memberInScope, otherActiveAdmins } from './reseller-team-store';
import { deleteUser, updateUser } from './user-store';

/** The system admin manages every reseller's team; a reseller its own (its read-only members only read: auth.ts). */
const team: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };
const cfg = { config: { access: team } };
/** A reseller login belongs to its reseller: another reseller reaches none of them. */
const MEMBER_OWNERS: TenantColumns = { reseller: 'users.reseller_uuid' };
/** An invitation is read later than a reset link is: a week. */
const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

export default async function resellerTeamRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const findMember = (req: FastifyRequest, resellerUuid: string, id: string) =>
    memberInScope(app.db, rowsOf(req, MEMBER_OWNERS), resellerUuid, id);
  /** The reseller named in the path, when the caller may see it (a reseller: only its own; else 404). */
  const reseller = async (req: FastifyRequest, id: string) => {
    if (req.user.user_type === 'reseller' && req.user.reseller_uuid !== id)
      throw new HttpError(404, 'Reseller not found');
    return orNotFound(await resellerRow(app.db, id), 'Reseller');
  };
  /** A change that would leave the reseller without an active admin is refused: nobody could manage its team. */
  const keepAnAdmin = async (req: FastifyRequest, resellerUuid: string, leaving: string) => {
    if ((await otherActiveAdmins(app.db, rowsOf(req, MEMBER_OWNERS), resellerUuid, leaving)) === 0)
      throw new HttpError(409, 'This is the reseller’s last active admin: make another member admin first');
  };

  app.get(
    '/reseller/:id/user/list',
    {
      ...cfg,
      schema: {
        tags: ['resellers'],
        params: IdParam,
        querystring: ResellerMemberListQuery,
        response: { 200: ListPage(ResellerMember) },
      },
    },
    async (req) => {
      const r = await reseller(req, req.params.id);
      return listMembers(app.db, rowsOf(req, MEMBER_OWNERS), r.reseller_uuid, req.query);
    },
  );

  app.post(
    '/reseller/:id/user',
    {
      ...cfg,
      schema: {
        tags: ['resellers'],
        params: IdParam,
        body: ResellerMemberCreate,
        response: { 201: ResellerMember },
      },
    },
    async (req, reply) => {
      const r = await reseller(req, req.params.id);
      const b = req.body;
      if (b.password !== undefined) checkPasswordPolicy(b.password);
      const email = b.email.trim().toLowerCase();
      if (await app.users.findByEmail(email)) throw new HttpError(409, 'This e-mail is already registered');
      const invite = b.password === undefined ? newActionToken() : null;
      const password_hash = invite ? INVITED : await hashPassword(b.password as string, app.config.passwordHashCost);
      const uuid = await app.db.transaction().execute((trx) =>
        insertMember(
          trx,
          {
            email,
            full_name: b.full_name,
            password_hash,
            user_type: 'reseller',
            is_admin: false,
            is_active: true,
            company_uuid: null,
            reseller_uuid: r.reseller_uuid,
            reseller_role: b.reseller_role,
          },
          invite
            ? {
                token_hash: invite.hash,
                kind: 'reset',
                expires_at: new Date(Date.now() + INVITE_TTL_MS),
                used_at: null,
              }
            : null,
        ),
      );
      if (invite) {
        // the invitation speaks for the reseller (whose team it is) and reuses the password-reset page
        const who = await resellerOf(app.db, { reseller_uuid: r.reseller_uuid });
        const role = b.reseller_role === 'admin' ? 'an admin' : 'a read-only member';
        await app.mailer.send({
          to: email,
          subject: `You are invited to the ${who.name} console`,
          text:
            `Hello ${b.full_name},\n\n${req.user.email} added you to the ${who.name} team as ${role}.\n` +
            `Open ${app.config.publicUrl}/forgot-password/${invite.token} within 7 days to choose your password, ` +
            `then sign in with this address.\n\n${who.name}`,
        });
      }
      const created = orNotFound(await findMember(req, r.reseller_uuid, uuid), 'User');
      await audit(req, 'reseller_user', uuid, null, { ...created, reseller_uuid: r.reseller_uuid, invited: !!invite });
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/reseller/:id/user/:user_id',
    {
      ...cfg,
      schema: {
        tags: ['resellers'],
        params: ResellerMemberParams,
        body: ResellerMemberPatch,
        response: { 200: ResellerMember },
      },
    },
    async (req) => {
      const r = await reseller(req, req.params.id);
      const before = orNotFound(await findMember(req, r.reseller_uuid, req.params.user_id), 'User');
      const b = req.body;
      const demoted = b.reseller_role === 'read_only' || b.is_active === false;
      if (before.uuid === req.user.uuid && demoted)
        throw new HttpError(400, 'You cannot make yourself read-only or deactivate yourself');
      if (demoted && before.reseller_role === 'admin' && before.is_active)
        await keepAnAdmin(req, r.reseller_uuid, before.uuid);
      await updateUser(app.db, before.uuid, b);
      const after = orNotFound(await findMember(req, r.reseller_uuid, before.uuid), 'User');
      await audit(req, 'reseller_user', before.uuid, before, after);
      return after;
    },
  );

  app.delete(
    '/reseller/:id/user/:user_id',
    { ...cfg, schema: { tags: ['resellers'], params: ResellerMemberParams, response: { 200: MessageBody } } },
    async (req) => {
      const r = await reseller(req, req.params.id);
      const target = orNotFound(await findMember(req, r.reseller_uuid, req.params.user_id), 'User');
      if (target.uuid === req.user.uuid) throw new HttpError(400, 'You cannot remove yourself');
      if (target.reseller_role === 'admin' && target.is_active) await keepAnAdmin(req, r.reseller_uuid, target.uuid);
      await deleteUser(app.db, target.uuid);
      await audit(req, 'reseller_user', target.uuid, target, null);
      return { message: 'User removed' };
    },
  );
}
