// The plan a self-registered company gets (issue 45): the system admin's for sign-ups on the platform, each
// reseller's own for the companies that sign up through its link. Without one, a new company could top up and
// buy numbers for messages nothing prices.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignupPlan, SignupPlanPut } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { FieldError } from '../lib/http-error';
import { targetReseller } from '../lib/tenancy';
import { catalogRepository } from '../catalog';
import { audit } from '../security';
import { setSignupProduct, signupProductFor } from './signup-plans';

const tags = ['accounts'];
/** the admin sets the platform's plan, a reseller its own; companies have none to set */
const planners = { admin: 'all', reseller: 'own', company_admin: 'none', user: 'none' } satisfies AccessPolicy;
const PLATFORM_ROW = '00000000-0000-0000-0000-000000000001';

export default async function signupPlanRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  /** the caller's reseller, or null for the admin (the platform's plan) */
  const resellerOf = (req: FastifyRequest) => targetReseller(app.db, req);

  const answer = async (reseller_uuid: string | null): Promise<SignupPlan> => {
    const product_uuid = await signupProductFor(app.db, reseller_uuid);
    const product = product_uuid ? await catalogRepository.productOf(app.db, product_uuid) : undefined;
    const page = `${app.config.publicUrl.replace(/\/$/, '')}/registration`;
    // a reseller with a verified host name (issue #48) signs companies up there, in its brand
    const own = reseller_uuid ? await app.brands.verifiedHost(reseller_uuid) : null;
    const pub = new URL(app.config.publicUrl);
    const signup_url = own
      ? `${pub.protocol}//${own}${pub.port ? `:${pub.port}` : ''}/registration`
      : reseller_uuid
        ? `${page}?reseller=${reseller_uuid}`
        : page;
    return { product_uuid: product?.product_uuid ?? null, product_name: product?.product_name ?? null, signup_url };
  };

  app.get(
    '/signup_plan',
    { config: { access: planners }, schema: { tags, response: { 200: SignupPlan } } },
    async (req) => answer(await resellerOf(req)),
  );

  app.put(
    '/signup_plan',
    { config: { access: planners }, schema: { tags, body: SignupPlanPut, response: { 200: SignupPlan } } },
    async (req) => {
      const reseller_uuid = await resellerOf(req);
      const { product_uuid } = req.body;
      if (product_uuid) {
        // the platform signs companies up on its own products, a reseller on its own (as a company's product)
        const product = await catalogRepository.productOf(app.db, product_uuid);
        if (!product || product.reseller_uuid !== reseller_uuid)
          throw new FieldError({
            product_uuid: reseller_uuid ? 'Choose one of your own products' : 'Choose one of the platform’s products',
          });
      }
      const before = await answer(reseller_uuid);
      await setSignupProduct(app.db, reseller_uuid, product_uuid);
      const after = await answer(reseller_uuid);
      await audit(req, 'signup_plan', reseller_uuid ?? PLATFORM_ROW, before, after);
      return after;
    },
  );
}
