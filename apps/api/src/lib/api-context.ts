// The API's route context (every route under API_PREFIX) is where the domain plugins decorate their
// services; app.ts hands it to the root instance as `api`, so tests, benchmarks and main.ts reach the
// services of the app they hold through it, with no lookup table keyed by server.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** the API's route context, where messaging, jobs, bulk, outbox, reminders and the rest are decorated */
    api: FastifyInstance;
  }
}

/** The API context of an app, from the root instance or from inside the API. */
export const apiOf = (app: FastifyInstance): FastifyInstance => (app.hasDecorator('api') ? app.api : app);
