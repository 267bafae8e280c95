// `node --test tools/eslint/*.test.mjs`: which files the route-SQL check reads, and how it holds the budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { compare, isRouteFile, registersRoutes, routeQueries } from './api-route-sql.mjs';

test('route files are routes.ts, *-routes.ts and route-parts.ts; specs and query modules are not', () => {
  assert.ok(isRouteFile('guards/admin-routes.ts'));
  assert.ok(isRouteFile('retention/routes.ts'));
  assert.ok(isRouteFile('company-webhooks/route-parts.ts'));
  assert.ok(!isRouteFile('guards/queries.ts'));
  assert.ok(!isRouteFile('guards/admin-routes.spec.ts'));
  assert.ok(!isRouteFile('route-quality/quality.ts'));
});

test('a file that registers a handler with a path is a route file too, whatever its name', () => {
  assert.ok(registersRoutes("export default (app) => { app.get('/vendor/:id', {}, async () => 1); };"));
  assert.ok(registersRoutes('app.post(`/number/import`, opts, handler);'));
  assert.ok(registersRoutes('fastify.delete(`/x/${id}`, opts, handler);'));
  assert.ok(!registersRoutes("const v = map.get('/not-a-handler');"));
  assert.ok(!registersRoutes("url.searchParams.get('page'); app.get(path, opts, h);"));
});

test('the budget only goes down: more fails, fewer fails, a new route file may name no table', () => {
  assert.deepEqual(compare({ 'a/routes.ts': 2 }, { 'a/routes.ts': 2 }), []);
  assert.equal(compare({ 'a/routes.ts': 3 }, { 'a/routes.ts': 2 }).length, 1);
  assert.equal(compare({ 'a/routes.ts': 1 }, { 'a/routes.ts': 2 }).length, 1);
  assert.equal(compare({}, { 'a/routes.ts': 2 }).length, 1);
  assert.equal(compare({ 'b/x-routes.ts': 1 }, {}).length, 1);
});

test('the committed budget is what the route files name today, and the converted domains name nothing', () => {
  const found = routeQueries();
  const counts = Object.fromEntries(Object.entries(found).map(([f, q]) => [f, q.length]));
  const budget = JSON.parse(readFileSync(new URL('./api-route-sql.json', import.meta.url), 'utf8'));
  assert.deepEqual(compare(counts, budget), []);
  for (const done of [
    'accounts/',
    'auto-recharge/',
    'campaigns/',
    'catalog/',
    'company-webhooks/',
    'compliance/',
    'guards/',
    'mail/',
    'messaging-content/',
    'messaging/',
    'numbers/',
    'privacy/',
    'reports/',
    'retention/',
    'route-quality/',
    'security/',
    'smpp/',
    'workflows/',
  ])
    assert.deepEqual(
      Object.keys(found).filter((f) => f.startsWith(done)),
      [],
    );
});
