import { Value } from '@sinclair/typebox/value';
import {
  AreaCodeListQuery,
  AuthResponse,
  CompanyListQuery,
  CountryListQuery,
  FILE_CONTENT_TYPES,
  FileRecord,
  ListPage,
  ListQuery,
  PageQuery,
  Problem,
  problemType,
  PaymentTermListQuery,
  ResellerListQuery,
  StopTextListQuery,
  UserListQuery,
} from '../index';
import { Type } from '@sinclair/typebox';

describe('contract', () => {
  it('accepts a well-formed auth answer and rejects an unknown user type', () => {
    expect(Value.Check(AuthResponse, { token: 't', user_type: 'reseller', exp: 1 })).toBe(true);
    expect(Value.Check(AuthResponse, { token: 't', user_type: 'root', exp: 1 })).toBe(false);
  });
  it('describes list pages and paging', () => {
    const Page = ListPage(Type.Object({ name: Type.String() }));
    expect(Value.Check(Page, { items: [{ name: 'a' }], total: 1, per_page: 10 })).toBe(true);
    expect(Value.Check(PageQuery, { page: -1 })).toBe(false);
  });
});

describe('Problem', () => {
  it('is an RFC 9457 problem with a reason code, field errors as a list', () => {
    const base = {
      type: problemType('validation'),
      title: 'Invalid request',
      status: 400,
      detail: 'Text: is required',
    };
    const p = { ...base, code: 'validation', instance: '/api_smsc/v1/sms', request_id: 'r-1' };
    expect(
      Value.Check(Problem, { ...p, errors: [{ field: 'text', pointer: '/text', code: 'required', detail: 'x' }] }),
    ).toBe(true);
    expect(Value.Check(Problem, { ...p, errors: { text: 'x' } })).toBe(false);
    expect(Value.Check(Problem, { ...p, status: 200 })).toBe(false);
    expect(problemType('no_price')).toBe('/api_smsc/v1/problems/no_price');
  });
});

describe('ListQuery', () => {
  const Q = ListQuery({ name: Type.Optional(Type.String()) });
  it("adds a list's filters to the shared paging and ordering fields", () => {
    expect(Object.keys(Q.properties).sort()).toEqual(['name', 'order_by', 'order_dir', 'page', 'per_page']);
    expect(Value.Check(Q, { page: 0, per_page: 5, order_dir: 'desc', name: 'x' })).toBe(true);
    expect(Value.Check(Q, { order_dir: 'sideways' })).toBe(false);
    expect(Value.Check(Q, { name: 3 })).toBe(false);
  });
  it('keeps every list query built from it on the same paging fields', () => {
    for (const q of [
      UserListQuery,
      CompanyListQuery,
      ResellerListQuery,
      PaymentTermListQuery,
      StopTextListQuery,
      CountryListQuery,
      AreaCodeListQuery,
    ]) {
      for (const key of Object.keys(PageQuery.properties))
        expect(q.properties[key as keyof typeof q.properties]).toEqual(
          PageQuery.properties[key as keyof typeof PageQuery.properties],
        );
      expect(q.required ?? []).toEqual([]);
    }
  });
});

describe('FileRecord', () => {
  it('accepts an allowed content type only', () => {
    const rec = {
      uuid: '00000000-0000-4000-8000-000000000000',
      name: 'a.png',
      size: 3,
      content_type: 'image/png',
      created_on: '2026-01-01T00:00:00.000Z',
    };
    expect(Value.Check(FileRecord, rec)).toBe(true);
    expect(Value.Check(FileRecord, { ...rec, content_type: 'image/svg+xml' })).toBe(false);
    expect(FILE_CONTENT_TYPES).not.toContain('text/html');
  });
});
