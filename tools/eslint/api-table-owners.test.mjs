// `node --test tools/eslint/*.test.mjs`: what the table-ownership check reads as a query, and how it holds the budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { compare, countPairs, domainOf, namedTables, tableOwners } from './api-table-owners.mjs';

const tables = (code) =>
  namedTables(ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true))
    .map((t) => t.table)
    .sort();

test('the owners come from the interfaces db/schema.ts extends', () => {
  const owners = tableOwners();
  assert.equal(owners.get('billing_accounts'), 'billing');
  assert.equal(owners.get('ledger_reservations'), 'billing');
  assert.equal(owners.get('auto_recharge'), 'auto-recharge');
  assert.equal(owners.get('companies'), 'accounts');
  assert.equal(owners.get('sms'), 'messaging');
});

test('a file belongs to its first folder; the core layers to accounts, lib to none', () => {
  assert.equal(domainOf('guards/queries.ts'), 'guards');
  assert.equal(domainOf('accounts/company-routes.ts'), 'accounts');
  assert.equal(domainOf('plugins/core.ts'), 'accounts');
  assert.equal(domainOf('lib/tenancy.ts'), 'lib');
  assert.equal(domainOf('app.ts'), 'accounts');
  assert.equal(domainOf('domains.ts'), 'accounts');
});

test('Kysely calls name tables, aliases and lists included; a CTE name or a column does not', () => {
  assert.deepEqual(tables(`db.selectFrom('payments as p').innerJoin('companies as c', 'c.x', 'p.x')`), [
    'companies',
    'payments',
  ]);
  assert.deepEqual(tables(`db.selectFrom(['sms', 'dids']).leftJoin('billing_accounts', 'a', 'b')`), [
    'billing_accounts',
    'dids',
    'sms',
  ]);
  assert.deepEqual(tables(`db.updateTable('payments'); db.deleteFrom('ledger_entries'); db.insertInto('invoices')`), [
    'invoices',
    'ledger_entries',
    'payments',
  ]);
  assert.deepEqual(tables(`db.with('payments', (q) => q).selectFrom('payments').select('sms')`), ['payments']);
});

test('sql templates and sql.raw name the tables after from, join, into, update', () => {
  assert.deepEqual(tables('sql`select 1 from billing_accounts a join sms s on true`'), ['billing_accounts', 'sms']);
  assert.deepEqual(tables('sql<{ n: number }>`insert into payments (amount) values (${x})`'), ['payments']);
  assert.deepEqual(tables('sql`update ledger_entries set memo = null`'), ['ledger_entries']);
  assert.deepEqual(tables(`sql.raw('delete from invoices')`), ['invoices']);
  // a column, a function, an interpolated relation: no table
  assert.deepEqual(tables('sql`select extract(day from sms.created_on) from unnest(${a}) x join ${b} y on true`'), []);
});

test('the budget holds both ways, and a closed owner may have none', () => {
  const counts = countPairs([
    { domain: 'guards', owner: 'accounts' },
    { domain: 'guards', owner: 'accounts' },
    { domain: 'bulk', owner: 'messaging' },
  ]);
  assert.deepEqual(counts, { 'bulk -> messaging': 1, 'guards -> accounts': 2 });
  const budget = { 'bulk -> messaging': 1, 'guards -> accounts': 2 };
  assert.deepEqual(compare(counts, { closed: ['billing'], budget }), []);
  assert.equal(compare(counts, { budget: { ...budget, 'guards -> accounts': 1 } }).length, 1);
  assert.equal(compare(counts, { budget: { ...budget, 'guards -> accounts': 3 } }).length, 1);
  assert.equal(compare({ ...counts, 'guards -> billing': 1 }, { closed: ['billing'], budget }).length, 1);
  assert.equal(compare(counts, { closed: ['billing'], budget: { ...budget, 'guards -> billing': 1 } }).length, 2);
});

test('a statement kept in a string constant names its tables too; prose names only known words', () => {
  assert.deepEqual(tables(`const JOIN = 'left join vendor_products vp on vp.id = x.id'; sql.raw(JOIN)`), [
    'vendor_products',
  ]);
  assert.deepEqual(tables('const part = `left join companies c on c.company_uuid = ${x}`'), ['companies']);
  // a tagged template is read once, not again as a string
  assert.deepEqual(tables('sql`select 1 from sms`'), ['sms']);
});
