import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { Home, HomePatch } from '@smsc/shared-contract';
import { signedIn } from '../lib/access';
import { FieldError, forbidden } from '../lib/http-error';
import { databaseKnowsZone, isZoneName } from '../lib/account-zone';
import { ownPasswordChange, type PasswordChange } from './password-change';
import { COMPANY_COLUMNS, USER_COLUMNS, companiesQuery, usersQuery } from './queries';
import { audit } from '../security';
import { updateCompany } from './company-store';
import { updateUser } from './user-store';

export default async function homeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const load = async (req: FastifyRequest) => {
    const user = await usersQuery(app.db)
      .select(USER_COLUMNS)
      .where('users.uuid', '=', req.user.uuid)
      .executeTakeFirstOrThrow();
    const company = user.company_uuid
      ? ((await companiesQuery(app.db)
          .select(COMPANY_COLUMNS)
          .where('companies.company_uuid', '=', user.company_uuid)
          .executeTakeFirst()) ?? null)
      : null;
    return { user, company };
  };

  app.get('/home', { config: { access: signedIn }, schema: { tags: ['home'], response: { 200: Home } } }, load);

  app.patch(
    '/home',
    { config: { access: signedIn }, schema: { tags: ['home'], body: HomePatch, response: { 200: Home } } },
    async (req) => {
      const { full_name, password, current_password, company_name, users_see_money, time_zone } = req.body;
      // Only a company admin speaks for its company; the company comes from the token, never the body.
      const companyUuid = req.user.user_type === 'company_admin' ? req.user.company_uuid : null;
      if ((company_name !== undefined || users_see_money !== undefined) && !companyUuid) throw forbidden();
      // a zone is the person's own without a company, the company's for its admin; a company user follows its company
      if (time_zone !== undefined && req.user.company_uuid && !companyUuid) throw forbidden();
      if (time_zone !== undefined && !(isZoneName(time_zone) && (await databaseKnowsZone(app.db, time_zone))))
        throw new FieldError({ time_zone: `${time_zone} is not a time zone (e.g. America/Chicago)` });
      const companyZone = companyUuid ? time_zone : undefined;
      const set: { full_name?: string; time_zone?: string } & Partial<PasswordChange> = {};
      if (full_name !== undefined) set.full_name = full_name;
      if (time_zone !== undefined && !req.user.company_uuid) set.time_zone = time_zone;
      if (password !== undefined)
        Object.assign(set, await ownPasswordChange(app, req.user, current_password, password));
      const before = await load(req);
      await app.db.transaction().execute(async (trx) => {
        if (Object.keys(set).length) await updateUser(trx, req.user.uuid, set);
        if ((company_name !== undefined || users_see_money !== undefined || companyZone !== undefined) && companyUuid) {
          await updateCompany(trx, companyUuid, {
            ...(company_name !== undefined && { company_name }),
            ...(users_see_money !== undefined && { users_see_money }),
            ...(companyZone !== undefined && { time_zone: companyZone }),
          });
        }
      });
      const after = await load(req);
      await audit(req, 'user', req.user.uuid, before.user, {
        ...after.user,
        ...(password !== undefined ? { password: true } : {}),
      });
      if (before.company && after.company)
        await audit(req, 'company', before.company.company_uuid, before.company, after.company);
      return after;
    },
  );
}
