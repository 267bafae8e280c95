import { createTestApp, type TestApp } from '../testing/test-app';

// session(): the revocation check and the user's row in one statement, each answered whatever the other finds.
describe('user repository: session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the user as findById does, and whether the token was revoked', async () => {
    const admin = await t.app.users.findByEmail('admin@example.com');
    if (!admin) throw new Error('no seeded admin');
    const live = await t.app.users.session('jti-live', admin.uuid);
    expect(live).toEqual({ revoked: false, user: await t.app.users.findById(admin.uuid) });
    await t.app.users.revoke('jti-gone', Math.floor(Date.now() / 1000) + 3600);
    const gone = await t.app.users.session('jti-gone', admin.uuid);
    expect(gone.revoked).toBe(true);
    expect(gone.user?.uuid).toBe(admin.uuid);
  });

  it('answers no user for an unknown id, the revocation still read', async () => {
    await t.app.users.revoke('jti-orphan', Math.floor(Date.now() / 1000) + 3600);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await t.app.users.session('jti-orphan', unknown)).toEqual({ revoked: true, user: undefined });
    expect(await t.app.users.session('jti-other', unknown)).toEqual({ revoked: false, user: undefined });
  });
});
