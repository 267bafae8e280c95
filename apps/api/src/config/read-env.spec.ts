import { ConfigError, readEnv } from './read-env';

describe('readEnv', () => {
  it('gives every declared default when nothing is set, and treats an empty value as unset', () => {
    const env = readEnv({ TOKEN_TTL_SECONDS: '', PORT: '  ' });
    expect(env.TOKEN_TTL_SECONDS).toBe(3600);
    expect(env.PORT).toBe(3000);
    expect(env.REQUIRE_2FA_SYSTEM_ADMIN).toBe(false);
    expect(env.PAYPAL_ENVIRONMENT).toBe('sandbox');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('converts numbers, booleans and choices from their text', () => {
    const env = readEnv({
      TOKEN_TTL_SECONDS: '900',
      SMSC_SIM_FAILURE_RATE: '0.25',
      REQUIRE_2FA_SYSTEM_ADMIN: 'true',
      PAYPAL_ENVIRONMENT: 'production',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/smsc',
    });
    expect(env).toMatchObject({
      TOKEN_TTL_SECONDS: 900,
      SMSC_SIM_FAILURE_RATE: 0.25,
      REQUIRE_2FA_SYSTEM_ADMIN: true,
      PAYPAL_ENVIRONMENT: 'production',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/smsc',
    });
  });

  it('refuses a bad value naming the variable, its value and what it expects', () => {
    expect(() => readEnv({ TOKEN_TTL_SECONDS: '1h' })).toThrow('TOKEN_TTL_SECONDS="1h": expected a whole number ≥ 60');
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      readEnv({
        PORT: '70000',
        SMSC_SIM_FAILURE_RATE: '5%',
        REQUIRE_2FA_SYSTEM_ADMIN: 'yes please',
        PAYPAL_ENVIRONMENT: 'live',
        KANNEL_SENDSMS_URL: '127.0.0.1:13013/cgi-bin/sendsms',
        TOKEN_TTL_SECONDS: '3600',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT="70000": expected a whole number from 0 to 65535',
      'REQUIRE_2FA_SYSTEM_ADMIN="yes please": expected `true` or `false`',
      'PAYPAL_ENVIRONMENT="live": expected one of sandbox, production',
      'SMSC_SIM_FAILURE_RATE="5%": expected a number from 0 to 1',
      'KANNEL_SENDSMS_URL="127.0.0.1:13013/cgi-bin/sendsms": expected an absolute URL (scheme://…)',
    ]);
  });
});
