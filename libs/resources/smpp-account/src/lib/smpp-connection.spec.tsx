import { screen, within } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { SmppConnectionDetails } from './smpp-connection';

describe('SmppConnectionDetails: where an SMPP customer connects', () => {
  let api: ReturnType<typeof stubApi>;
  afterEach(() => api.restore());

  it('shows the host, port and TLS port the server is configured with', async () => {
    api = stubApi((c) =>
      c.path === '/smpp/connection' ? { body: { host: 'smpp.example.com', port: 2775, tls_port: 3550 } } : undefined,
    );
    renderWithProviders(<SmppConnectionDetails />);
    const card = await screen.findByTestId('smpp-connection');
    expect(await within(card).findByText('smpp.example.com')).toBeTruthy();
    expect(within(card).getByText('2775')).toBeTruthy();
    expect(within(card).getByText('3550')).toBeTruthy();
  });

  it('says when the platform offers no TLS port', async () => {
    api = stubApi((c) =>
      c.path === '/smpp/connection' ? { body: { host: 'localhost', port: 2775, tls_port: null } } : undefined,
    );
    renderWithProviders(<SmppConnectionDetails />);
    const card = await screen.findByTestId('smpp-connection');
    expect(await within(card).findByText('Not offered')).toBeTruthy();
  });
});
