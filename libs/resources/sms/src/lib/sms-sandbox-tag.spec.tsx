import { screen } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import type { Sms } from '@smsc/shared-contract';
import { smsDefinition } from './sms.resource';

// The SMS log tags a test key's message "Sandbox" beside its status (issue 47 item 5), and only that one.
describe('the SMS log status column', () => {
  const status = smsDefinition.columns.find((c) => c.key === 'status');
  const cell = (m: Partial<Sms>) => renderWithProviders(<div>{status?.render?.(m.status, m as Sms)}</div>);

  it('tags a sandbox message Sandbox beside its status', () => {
    cell({ status: 'delivered', sandbox: true });
    expect(screen.getByText('delivered')).toBeTruthy();
    expect(screen.getByText('Sandbox').getAttribute('title')).toMatch(/test API key/);
  });

  it('shows a live message with its status alone, and exports the status alone', () => {
    cell({ status: 'failed', sandbox: false });
    expect(screen.getByText('failed')).toBeTruthy();
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(status?.csv?.('delivered', { sandbox: true } as Sms)).toBe('delivered');
  });
});
