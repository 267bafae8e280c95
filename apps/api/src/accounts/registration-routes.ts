import type { FastifyInstance } from 'fastify';
import { resellerExists } from './reseller-reads';
import type { TypeBoxProvider } from '../lib/type-provider';
import { MessageBody, RegistrationRequest, TokenParam } from '@smsc/shared-contract';
import { checkPasswordPolicy, hashPassword } from '../lib/passwords';
import { newActionToken } from '../lib/tokens';
import { HttpError } from '../lib/http-error';
import { API_PREFIX } from '@smsc/shared-contract';
import { consumeActionToken } from './auth-routes';
import { composeMail } from '../mail';
import { brandsOf } from '../branding';
import type { Mail } from '../lib/mailer';
import { signupProductFor } from './signup-plans';
import { activateSignup, insertSignup } from './registration-store';
import { deleteCompany } from './company-store';

const CONFIRM_TTL_MS = 30 * 60 * 1000;

/** Tells an account's owner that someone tried to sign up with its address, and how to get back in. */
function takenAddressMail(to: string, resetLink: string): Mail {
  return {
    to,
    subject: 'Someone tried to register with your e-mail address',
    text: [
      // no platform name: on a reseller's host the person knows the service by the reseller's brand
      'A registration was started with this e-mail address, which already has an account.',
      'If it was you: sign in with your password, or set a new one here:',
      resetLink,
      'If it was not you, nothing has changed and you need not do anything.',
    ].join('\n\n'),
  };
}

export default async function registrationRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/registration',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginPerIp, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: RegistrationRequest, response: { 201: MessageBody } },
    },
    async (req, reply) => {
      const { email, password, full_name, company_name } = req.body;
      checkPasswordPolicy(password);
      // A sign-up on a reseller's verified host, or through its link, joins that reseller (the host wins: it is
      // the brand the person saw); either way the company gets the plan set for it.
      const host = await brandsOf(app).forHost(req.hostname);
      const linked = req.body.reseller_uuid ?? null;
      const reseller_uuid = host.reseller_uuid ?? linked;
      if (!host.reseller_uuid && linked && !(await resellerExists(app.db, linked)))
        throw new HttpError(404, 'This sign-up link is not valid any more; ask your provider for a new one');
      const product_uuid = await signupProductFor(app.db, reseller_uuid);
      const done = () => reply.code(201).send({ message: 'Registered; check your e-mail to confirm the account' });
      // a sign-up on a reseller's verified host is confirmed (or its password reset) on that host
      const base = host.reseller_uuid ? `${req.protocol}://${req.host}` : app.config.publicUrl;
      // The password is hashed either way, so the time taken does not tell a taken address from a new one.
      const password_hash = await hashPassword(password, app.config.passwordHashCost);
      const { token, hash } = newActionToken();
      const owner = await app.users.findByEmail(email);
      if (owner) {
        // The same answer as a new sign-up; only the address's owner learns of the attempt, by mail.
        await app.mailer
          .send(takenAddressMail(owner.email, `${base}/forgot-password`))
          .catch((err) => req.log.error({ err }, 'taken-address mail failed'));
        return done();
      }
      // Company and admin start inactive; the confirmation link activates both.
      const companyUuid = await app.db.transaction().execute((trx) =>
        insertSignup(
          trx,
          { company_name, status: 'inactive', reseller_uuid, product_uuid },
          {
            email,
            password_hash,
            full_name,
            user_type: 'company_admin',
            is_admin: true,
            is_active: false,
            reseller_uuid: null,
          },
          { token_hash: hash, kind: 'confirm', expires_at: new Date(Date.now() + CONFIRM_TTL_MS), used_at: null },
        ),
      );
      try {
        // in the words and brand of the company's reseller, or the system's
        await app.mailer.send(
          await composeMail(
            app.db,
            'registration',
            email,
            { company_uuid: companyUuid },
            {
              full_name,
              link: `${base}${API_PREFIX}/registration/confirm/${token}`,
            },
          ),
        );
      } catch (err) {
        // Undo the sign-up (cascades to the user and token) so the person can simply try again.
        req.log.error({ err }, 'confirmation mail failed');
        await deleteCompany(app.db, companyUuid);
        throw new HttpError(503, 'The confirmation mail could not be sent; please try again later');
      }
      return done();
    },
  );

  app.post(
    '/registration/confirm/:token',
    {
      config: { access: 'public', rateLimit: { max: app.config.loginPerIp, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], params: TokenParam, response: { 200: MessageBody } },
    },
    async (req) => {
      const userUuid = await consumeActionToken(app, req.params.token, 'confirm');
      await app.db.transaction().execute((trx) => activateSignup(trx, userUuid));
      return { message: 'Account confirmed; you can sign in now' };
    },
  );
}
