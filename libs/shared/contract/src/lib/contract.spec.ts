import { Value } from '@sinclair/typebox/value';
import { AuthResponse, ErrorBody, ListPage, PageQuery } from '../index';
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
    expect(Value.Check(ErrorBody, { error: { message: 'x' } })).toBe(true);
  });
});
