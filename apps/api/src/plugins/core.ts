import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { connect } from '../db/connect';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import type { Database } from '../db/schema';
import { createMailer, type Mailer } from '../lib/mailer';
import { keepMail } from '../mail';
import { createUserRepository, type UserRepository } from '../accounts';
import type { AppConfig } from '../config/build-options';
import { keyedHash, loadSecretKey, secretBox, type SecretBox } from '../lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    mailer: Mailer;
    users: UserRepository;
    /**
     * sealed stored secrets (lib/secret-box.ts), one box per use under the server's one key: SMSC passwords are
     * opened only where the gateway's configuration is written, TOTP secrets only to check a code
     */
    secrets: { smscPassword: SecretBox; totp: SecretBox; phoneHash: (e164: string) => string };
  }
}

/** Database, migrations, seed and the repositories every route plugin shares. */
export default fp<{ config: AppConfig; sharedDb?: Kysely<Database> }>(async (app, { config, sharedDb }) => {
  const db =
    sharedDb ?? (await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.dbSchema }));
  // A shared database belongs to the instance that opened it.
  if (!sharedDb) app.addHook('onClose', async () => db.destroy());
  const key = loadSecretKey({ secretKey: config.secretKey ?? config.env.SECRET_KEY, dataDir: config.dataDir }, (m) =>
    app.log.warn(m),
  );
  const secrets = {
    smscPassword: secretBox(key, 'smsc_connections.password'),
    totp: secretBox(key, 'user_totp.secret'),
    phoneHash: keyedHash(key, 'privacy.phone'),
  };
  await migrate(db, { secrets });
  // Expired revocations and one-time tokens can never match again; drop them so the tables stay small.
  await db.deleteFrom('token_revocations').where('expires_at', '<', new Date()).execute();
  await db
    .deleteFrom('action_tokens')
    .where('expires_at', '<', new Date(Date.now() - 24 * 3600 * 1000))
    .execute();
  if (config.seed)
    await seed(db, app.log, config.demoPassword, config.demoTraffic, config.demoBilling, config.passwordHashCost);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'mailer',
    createMailer((mail) => keepMail(db, mail), app.log, config.smtpUrl),
  );
  app.decorate('users', createUserRepository(db));
  app.decorate('secrets', secrets);
});
