import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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
import { listPage, ordering, wildcard } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { HttpError } from '../lib/http-error';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { newActionToken } from '../lib/tokens';
import { rowsOf, type TenantColumns } from '../lib/tenancy';
import { resellerOf } from '../mail';
import { audit } from '../security';

/** The system admin manages every reseller's team; a reseller its own (its read-only members only read: auth.ts). */
const team: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };
const cfg = { config: { access: team } };
/** A reseller login belongs to its reseller: another reseller reaches none of them. */
const MEMBER_OWNERS: TenantColumns = { reseller: 'users.reseller_uuid' };
/** Stored instead of a password until the invited member chooses one: no password verifies against it. */
const INVITED = '!invited';
/** An invitation is read later than a reset link is: a week. */
const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
const ORDER = ['email', 'full_name', 'reseller_role', 'created_on', 'is_active'] as const;

export default async function resellerTeamRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const members = (req: FastifyRequest, resellerUuid: string) =>
    app.db
      .selectFrom('users')
      .where('users.user_type', '=', 'reseller')
      .where('users.reseller_uuid', '=', resellerUuid)
      .where(rowsOf(req, MEMBER_OWNERS));
  const COLUMNS = [
    'users.uuid',
    'users.email',
    'users.full_name',
    sql<'admin' | 'read_only'>`coalesce(users.reseller_role, 'admin')`.as('reseller_role'),
    'users.is_active',
    sql<boolean>`users.password_hash = ${INVITED}`.as('invite_pending'),
    'users.created_on',
  ] as const;
  const findMember = (req: FastifyRequest, resellerUuid: string, id: string) =>
    members(req, resellerUuid).select(COLUMNS).where('users.uuid', '=', id).executeTakeFirst();
  /** The reseller named in the path, when the caller may see it (a reseller: only its own; else 404). */
  const reseller = async (req: FastifyRequest, id: string) => {
    if (req.user.user_type === 'reseller' && req.user.reseller_uuid !== id)
      throw new HttpError(404, 'Reseller not found');
    return orNotFound(
      await app.db.selectFrom('resellers').selectAll().where('reseller_uuid', '=', id).executeTakeFirst(),
      'Reseller',
    );
  };
  /** A change that would leave the reseller without an active admin is refused: nobody could manage its team. */
  const keepAnAdmin = async (req: FastifyRequest, resellerUuid: string, leaving: string) => {
    const others = await members(req, resellerUuid)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('users.uuid', '!=', leaving)
      .where('users.is_active', '=', true)
      .where((eb) => eb.or([eb('users.reseller_role', '=', 'admin'), eb('users.reseller_role', 'is', null)]))
      .executeTakeFirstOrThrow();
    if (Number(others.n) === 0)
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
      const q = req.query;
      let rows = members(req, r.reseller_uuid);
      if (q.full_name) rows = rows.where('users.full_name', 'ilike', wildcard(q.full_name));
      if (q.email) rows = rows.where('users.email', 'ilike', wildcard(q.email));
      if (q.reseller_role === 'admin')
        rows = rows.where((eb) =>
          eb.or([eb('users.reseller_role', '=', 'admin'), eb('users.reseller_role', 'is', null)]),
        );
      if (q.reseller_role === 'read_only') rows = rows.where('users.reseller_role', '=', 'read_only');
      const { col, dir } = ordering(q, ORDER, 'created_on');
      return listPage(q, rows.select(COLUMNS).orderBy(`users.${col}`, dir).orderBy('users.uuid'), rows);
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
      const uuid = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('users')
          .values({
            email,
            full_name: b.full_name,
            password_hash,
            user_type: 'reseller',
            is_admin: false,
            is_active: true,
            company_uuid: null,
            reseller_uuid: r.reseller_uuid,
            reseller_role: b.reseller_role,
          })
          .returning('uuid')
          .executeTakeFirstOrThrow();
        if (invite)
          await trx
            .insertInto('action_tokens')
            .values({
              token_hash: invite.hash,
              kind: 'reset',
              user_uuid: row.uuid,
              expires_at: new Date(Date.now() + INVITE_TTL_MS),
              used_at: null,
            })
            .execute();
        return row.uuid;
      });
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
      await app.db.updateTable('users').set(b).where('uuid', '=', before.uuid).execute();
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
      await app.db.deleteFrom('users').where('uuid', '=', target.uuid).execute();
      await audit(req, 'reseller_user', target.uuid, target, null);
      return { message: 'User removed' };
    },
  );
}
