import fp from 'fastify-plugin';
import { checkInput } from './input-guard';
import { pruneRateLimits } from './rate-limit-store';

/**
 * Rules that hold for every route, including the ones other domains add later: input the database
 * cannot store and protected fields a route does not accept are refused with a 400 naming the field.
 */
export default fp(async (app) => {
  await pruneRateLimits(app.db);
  app.addHook('preValidation', async (req) => checkInput(req));
});
