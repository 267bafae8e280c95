import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiAdapter,
  ApiAdapterListQuery,
  ApiAdapterParam,
  GatewayAnswer,
  GatewayHealth,
  GatewayCommand,
  IdParam,
  ListPage,
  MessageBody,
  SmscConnection,
  SmscConnectionCreate,
  SmscConnectionListQuery,
  SmscConnectionPatch,
  type SmscConnectionCreate as Create,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { adminOnly } from '../../lib/access';
import { paging } from '../../lib/list';
import { FieldError, HttpError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { audit } from '../../security';
import { API_ADAPTERS, adapterById, missingFields } from './adapters';
import type { GatewayConnection } from './gateway-control';
import { configuredLinkStates, tcpProbe, type Probe } from './link-probe';
import {
  activeConnections,
  connectionRow,
  deleteConnection,
  insertConnection,
  listConnections,
  shownConnection,
  smscIdTaken,
  updateConnection,
  vendorExists,
} from './connection-store';

// Spec §2 lists SMSC connections in the system admin's set only: resellers and companies get 403.
const cfg = { config: { access: adminOnly } };
const tags = ['smsc connections'];

export default async function smscRoutes(base: FastifyInstance, opts: { probe?: Probe } = {}) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const probe = opts.probe ?? tcpProbe();

  /** a typed password is stored sealed with the server key (lib/secret-box.ts); null and absent pass through */
  const sealed = <T extends { password?: string | null }>(body: T): T =>
    typeof body.password === 'string' ? { ...body, password: app.secrets.smscPassword.seal(body.password) } : body;
  const named = <T extends { api_adapter_id: string }>(row: T) => ({
    ...row,
    api_adapter_name: adapterById(row.api_adapter_id)?.name ?? null,
  });
  const getOne = async (id: string) => named(orNotFound(await shownConnection(app.db, id), 'SMSC connection'));

  /** The adapter must exist, the vendor too, and the adapter's required fields must be filled (after a patch is merged). */
  async function check(row: Create, storedPassword = false) {
    const adapter = adapterById(row.api_adapter_id);
    if (!adapter) throw new FieldError({ api_adapter_id: `Unknown API adapter "${row.api_adapter_id}"` });
    if (row.vendor_uuid && !(await vendorExists(app.db, row.vendor_uuid)))
      throw new FieldError({ vendor_uuid: 'Unknown vendor' });
    // a patch that leaves the password out keeps the stored one; null removes it
    const missing = missingFields(adapter, {
      ...row,
      password: row.password !== undefined ? row.password : storedPassword ? 'stored' : null,
    });
    if (missing.length)
      throw new FieldError(
        Object.fromEntries(missing.map((f) => [f, `The ${adapter.name} adapter needs a ${f.replace('_', ' ')}`])),
      );
  }
  async function taken(smscId: string, except?: string) {
    if (await smscIdTaken(app.db, smscId, except))
      throw new FieldError({ smsc_id: `The smsc-id "${smscId}" is taken` });
  }

  app.get(
    '/api_adapter/list',
    { ...cfg, schema: { tags, querystring: ApiAdapterListQuery, response: { 200: ListPage(ApiAdapter) } } },
    async (req) => {
      const all = API_ADAPTERS.filter((a) => !req.query.protocol || a.protocol === req.query.protocol);
      const { per_page, offset } = paging(req.query);
      return { items: all.slice(offset, offset + per_page), total: all.length, per_page };
    },
  );

  app.get(
    '/api_adapter/:id',
    { ...cfg, schema: { tags, params: ApiAdapterParam, response: { 200: ApiAdapter } } },
    async (req) => {
      const adapter = adapterById(req.params.id);
      if (!adapter) throw notFound('API adapter');
      return adapter;
    },
  );

  app.get(
    '/smsc_connection/list',
    { ...cfg, schema: { tags, querystring: SmscConnectionListQuery, response: { 200: ListPage(SmscConnection) } } },
    async (req) => {
      const page = await listConnections(app.db, req.query);
      return { ...page, items: page.items.map(named) };
    },
  );

  app.get(
    '/smsc_connection/status',
    {
      ...cfg,
      schema: {
        tags,
        response: { 200: GatewayHealth },
        description:
          "Bind health of the gateway's links: Kannel's status.xml per link, or the built-in simulator's own state.",
      },
    },
    async () => {
      const health = await app.gatewayControl?.status?.();
      if (!health) throw new HttpError(501, 'The configured gateway does not report link health');
      // the simulator reports only itself: add every configured link with its real reachability
      // (a direct SMPP link reports its binds itself)
      if (health.gateway === 'simulator') {
        const probed = (await configuredLinkStates(app.db, probe)).filter(
          (l) => !health.links.some((h) => h.smsc_id === l.smsc_id),
        );
        return { ...health, links: [...health.links, ...probed] };
      }
      return health;
    },
  );

  app.get(
    '/smsc_connection/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: SmscConnection } } },
    async (req) => getOne(req.params.id),
  );

  app.post(
    '/smsc_connection',
    { ...cfg, schema: { tags, body: SmscConnectionCreate, response: { 201: SmscConnection } } },
    async (req, reply) => {
      await check(req.body);
      await taken(req.body.smsc_id);
      const row = await insertConnection(app.db, sealed(req.body));
      await audit(req, 'smsc_connection', row.smsc_connection_uuid, null, row);
      return reply.code(201).send(await getOne(row.smsc_connection_uuid));
    },
  );

  app.patch(
    '/smsc_connection/:id',
    { ...cfg, schema: { tags, params: IdParam, body: SmscConnectionPatch, response: { 200: SmscConnection } } },
    async (req) => {
      const before = orNotFound(await connectionRow(app.db, req.params.id), 'SMSC connection');
      const { password: _kept, ...rest } = before;
      await check({ ...rest, ...req.body } as Create, before.password !== null);
      if (req.body.smsc_id) await taken(req.body.smsc_id, before.smsc_connection_uuid);
      const after = await updateConnection(app.db, before.smsc_connection_uuid, sealed(req.body));
      await audit(req, 'smsc_connection', before.smsc_connection_uuid, before, after);
      return getOne(before.smsc_connection_uuid);
    },
  );

  app.delete(
    '/smsc_connection/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(await deleteConnection(app.db, req.params.id), 'SMSC connection');
      await audit(req, 'smsc_connection', gone.smsc_connection_uuid, gone, null);
      return { message: 'SMSC connection deleted' };
    },
  );

  app.post(
    '/gateway',
    {
      ...cfg,
      schema: {
        tags,
        body: GatewayCommand,
        response: { 200: GatewayAnswer },
        description:
          'restart: hands the active SMSC connections to the gateway adapter; with the built-in simulator there is nothing to apply.',
      },
    },
    async (req: FastifyRequest<{ Body: { command: 'restart' } }>) => {
      // passwords stay sealed here: the gateway adapter opens them where it writes its configuration
      const connections: GatewayConnection[] = await activeConnections(app.db);
      const control = app.gatewayControl;
      let answer: GatewayAnswer;
      if (control) {
        const done = await control.restart(connections);
        answer = {
          message: done?.message ?? `The gateway restarted with ${connections.length} SMSC connection(s)`,
          applied_by: 'gateway',
          connections: connections.length,
        };
      } else {
        answer = {
          message: 'The built-in SMSC simulator carries every message: there are no SMSC connections to apply',
          applied_by: 'none',
          connections: connections.length,
        };
      }
      await audit(
        req,
        'gateway',
        'restart',
        { command: null },
        { command: req.body.command, applied_by: answer.applied_by, connections: answer.connections },
      );
      return answer;
    },
  );
}
