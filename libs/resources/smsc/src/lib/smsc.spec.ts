import { smscBundle, smscFields } from './smsc.resource';

describe('smsc connection resource', () => {
  const form = {
    smsc_id: ' northwind-1 ',
    api_adapter_id: 'smpp',
    vendor_uuid: undefined,
    host: 'smsc.example',
    port: 2775,
    system_id: 'acct',
    password: '',
    system_type: '',
    url: '  ',
    throughput: 50,
    status: 'active',
  };

  it('sends empty fields as null and leaves the password out unless one was typed (a patch then keeps the stored one)', () => {
    expect(smscFields(form)).toEqual({
      smsc_id: 'northwind-1',
      api_adapter_id: 'smpp',
      vendor_uuid: null,
      host: 'smsc.example',
      port: 2775,
      system_id: 'acct',
      system_type: null,
      url: null,
      throughput: 50,
      window_size: null,
      transceiver_mode: true,
      gateway: 'kannel',
      binds: null,
      status: 'active',
    });
    // carried by our own SMPP client, with four binds
    expect(smscFields({ ...form, gateway: 'direct', binds: 4 })).toMatchObject({ gateway: 'direct', binds: 4 });
    // the SMPP window and bind mode of this link
    expect(smscFields({ ...form, window_size: 250, transceiver_mode: false })).toMatchObject({
      window_size: 250,
      transceiver_mode: false,
    });
    expect(smscFields(form)).not.toHaveProperty('password');
    expect(smscFields({ ...form, password: 's3cret pass' })).toMatchObject({ password: 's3cret pass' });
  });

  it('never puts a password into the edit form (the server does not answer it either)', () => {
    const row = {
      smsc_connection_uuid: 'c',
      smsc_id: 'x',
      vendor_uuid: null,
      vendor_name: null,
      api_adapter_id: 'smpp',
      api_adapter_name: 'SMPP 3.4 client',
      host: 'h',
      port: 1,
      system_id: 's',
      system_type: null,
      url: null,
      throughput: null,
      status: 'active' as const,
      has_password: true,
      created_on: '2026-01-01T00:00:00Z',
      window_size: 300,
      transceiver_mode: false,
      gateway: 'direct' as const,
      binds: 4,
    };
    const values = smscBundle.toForm?.(row) ?? {};
    expect(values).not.toHaveProperty('password');
    expect(values).toMatchObject({
      smsc_id: 'x',
      host: 'h',
      port: 1,
      window_size: 300,
      transceiver_mode: false,
      gateway: 'direct',
      binds: 4,
    });
    expect(smscBundle.definition.formFields.find((f) => f.name === 'password')?.kind).toBe('password');
  });

  it('says "leave empty to keep the stored password" only when editing a link that has one', () => {
    const password = smscBundle.definition.formFields.find((f) => f.name === 'password');
    const placeholder = (initial: Record<string, unknown> | undefined, mode: 'create' | 'edit') =>
      password?.placeholderFor ? password.placeholderFor(initial, mode) : password?.placeholder;
    expect(placeholder(undefined, 'create')).toBeUndefined();
    expect(placeholder({ has_password: false }, 'edit')).toBeUndefined();
    expect(placeholder({ has_password: true }, 'edit')).toBe('Leave empty to keep the stored password');
  });
});
