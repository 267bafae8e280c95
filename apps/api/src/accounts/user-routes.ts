import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { IdParam, ListPage, MessageBody, User, UserCreate, UserListQuery, UserPatch } from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { HttpError, forbidden } from '../lib/http-error';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { ownPasswordChange, passwordReset } from './password-change';
import { companyIdInScope } from './company-store';
import { deleteUser, insertUser, listUsers, updateUser, userInScope } from './user-store';
import { audit, revokeKeysOf } from '../security';
import { COMPANY_OWNERS, rowsOf, USER_OWNERS } from '../lib/tenancy';

const manage: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const readOwn: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'own' };

export default async function userRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const findUser = (req: FastifyRequest, id: string) => userInScope(app.db, rowsOf(req, USER_OWNERS), id);

  app.get(
    '/user/list',
    {
      config: { access: manage },
      schema: { tags: ['users'], querystring: UserListQuery, response: { 200: ListPage(User) } },
    },
    async (req) => listUsers(app.db, rowsOf(req, USER_OWNERS), req.query),
  );

  app.post(
    '/user',
    { config: { access: manage }, schema: { tags: ['users'], body: UserCreate, response: { 201: User } } },
    async (req, reply) => {
      const b = req.body;
      checkPasswordPolicy(b.password);
      let companyUuid = b.company_uuid ?? null;
      // A company admin's users land in its own company; naming another one is refused, not ignored.
      if (req.user.user_type === 'company_admin') {
        if (b.company_uuid !== undefined && b.company_uuid !== req.user.company_uuid) throw forbidden();
        companyUuid = req.user.company_uuid;
      }
      if (req.user.user_type === 'reseller') {
        if (!companyUuid) throw new HttpError(400, 'company_uuid is required');
        orNotFound(await companyIdInScope(app.db, rowsOf(req, COMPANY_OWNERS), companyUuid), 'Company');
      }
      if (await app.users.findByEmail(b.email)) throw new HttpError(409, 'This e-mail is already registered');
      // Without a company only a system admin can be created, and only by an admin.
      const user_type = !companyUuid ? 'admin' : b.is_admin ? 'company_admin' : 'user';
      const row = await insertUser(app.db, {
        email: b.email,
        full_name: b.full_name,
        password_hash: await hashPassword(b.password, app.config.passwordHashCost),
        user_type,
        is_admin: user_type !== 'user',
        is_active: b.is_active ?? true,
        company_uuid: companyUuid,
        reseller_uuid: null,
      });
      const created = await findUser(req, row.uuid);
      await audit(req, 'user', row.uuid, null, created);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/user/:id',
    { config: { access: readOwn }, schema: { tags: ['users'], params: IdParam, response: { 200: User } } },
    async (req) => orNotFound(await findUser(req, req.params.id), 'User'),
  );

  app.patch(
    '/user/:id',
    {
      config: { access: readOwn },
      schema: { tags: ['users'], params: IdParam, body: UserPatch, response: { 200: User } },
    },
    async (req) => {
      const target = orNotFound(await findUser(req, req.params.id), 'User');
      const b = req.body;
      // Own-level callers (plain users) may change their name and password, not their role or state.
      if (req.level === 'own' && (b.is_admin !== undefined || b.is_active !== undefined)) throw forbidden();
      if (target.uuid === req.user.uuid && b.is_active === false)
        throw new HttpError(400, 'You cannot deactivate yourself');
      const set: Record<string, unknown> = {};
      if (b.full_name !== undefined) set.full_name = b.full_name;
      if (b.is_active !== undefined) set.is_active = b.is_active;
      if (b.is_admin !== undefined && target.company_uuid)
        Object.assign(set, { is_admin: b.is_admin, user_type: b.is_admin ? 'company_admin' : 'user' });
      if (b.password !== undefined) {
        // Own record: the same check as /home. Someone else's: a manager's reset that ends all its sessions.
        const own = target.uuid === req.user.uuid;
        Object.assign(
          set,
          own
            ? await ownPasswordChange(app, req.user, b.current_password, b.password)
            : await passwordReset(b.password, app.config.passwordHashCost),
        );
      }
      const revoked = await app.db.transaction().execute(async (trx) => {
        if (Object.keys(set).length) await updateUser(trx, target.uuid, set);
        // deactivation revokes the user's API keys for good: reactivated, the user makes new ones
        return b.is_active === false ? revokeKeysOf(trx, target.uuid) : [];
      });
      for (const key of revoked) await audit(req, 'api_key', key.api_key_uuid, key, null);
      const updated = await findUser(req, target.uuid);
      await audit(req, 'user', target.uuid, target, {
        ...updated,
        ...(b.password !== undefined ? { password: true } : {}),
      });
      return updated;
    },
  );

  app.delete(
    '/user/:id',
    { config: { access: manage }, schema: { tags: ['users'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const target = orNotFound(await findUser(req, req.params.id), 'User');
      if (target.uuid === req.user.uuid) throw new HttpError(400, 'You cannot delete yourself');
      await deleteUser(app.db, target.uuid);
      await audit(req, 'user', target.uuid, target, null);
      return { message: 'User deleted' };
    },
  );
}
