import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { Home, HomePatch } from '@smsc/shared-contract';
import { signedIn } from '../lib/access';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { COMPANY_COLUMNS, USER_COLUMNS, companiesQuery, usersQuery } from '../lib/queries';

export default async function homeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const load = async (req: FastifyRequest) => {
    const user = await usersQuery(app.db).select(USER_COLUMNS).where('users.uuid', '=', req.user.uuid).executeTakeFirstOrThrow();
    const company = user.company_uuid
      ? (await companiesQuery(app.db).select(COMPANY_COLUMNS).where('companies.company_uuid', '=', user.company_uuid).executeTakeFirst()) ?? null
      : null;
    return { user, company };
  };

  app.get('/home', { config: { access: signedIn }, schema: { tags: ['home'], response: { 200: Home } } }, load);

  app.patch('/home', { config: { access: signedIn }, schema: { tags: ['home'], body: HomePatch, response: { 200: Home } } }, async (req) => {
    const set: { full_name?: string; password_hash?: string } = {};
    if (req.body.full_name !== undefined) set.full_name = req.body.full_name;
    if (req.body.password !== undefined) {
      checkPasswordPolicy(req.body.password);
      set.password_hash = await hashPassword(req.body.password);
    }
    await app.db.updateTable('users').set(set).where('uuid', '=', req.user.uuid).execute();
    return load(req);
  });
}
