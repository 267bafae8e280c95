import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { setDisplayZone } from '@smsc/shared-util';
import { ResourceTable } from './resource-table';
import { rowsCsv } from './csv-values';
import type { ResourceDefinition } from './types';
import { buildListQueryArg } from './use-list-params';
import { searchOf } from './test-fixtures';

interface Message {
  id: string;
  text: string;
  created_on: string;
}

const messages: ResourceDefinition<Message> = {
  name: 'messages',
  title: 'Messages',
  singular: 'Message',
  idField: 'id',
  columns: [
    { key: 'created_on', title: 'Time', dateTime: true, search: 'days', width: 150 },
    { key: 'text', title: 'Text', ellipsis: true, width: 200 },
    { key: 'id', title: 'Details', fixed: 'right', width: 100 },
  ],
  formFields: [],
};
const rows: Message[] = [{ id: 'm1', text: 'Hello', created_on: '2026-12-06T13:05:00.000Z' }];

jest.setTimeout(60_000);
afterEach(() => setDisplayZone(null));

describe('time columns in the account zone', () => {
  it('names the zone in the header and the day filter, and shows the time in that zone', async () => {
    setDisplayZone('Europe/Berlin');
    renderWithProviders(
      <ResourceTable definition={messages} result={{ data: { items: rows, total: 1, per_page: 10 } }} />,
    );
    expect(screen.getByRole('columnheader', { name: /Time \(Europe\/Berlin\)/ })).toBeTruthy();
    expect(screen.getByText('2026-12-06 14:05')).toBeTruthy();
    const search = screen.getByRole('search');
    expect(within(search).getByText('Time from (Europe/Berlin)')).toBeTruthy();
    // the row's own action stays at the right edge while the rest scrolls
    expect(screen.getByRole('columnheader', { name: 'Details' }).className).toContain('ant-table-cell-fix-end');
  });

  it('exports the time as shown, under the labelled header', () => {
    setDisplayZone('America/New_York');
    const csv = rowsCsv(messages.columns, rows);
    expect(csv.split(/\r?\n/)[0]).toContain('Time (America/New_York)');
    expect(csv).toContain('2026-12-06 08:05');
  });

  it("asks the list for the account zone's days: from its midnight to the last instant of the last day", () => {
    setDisplayZone('Europe/Berlin');
    const arg = buildListQueryArg(messages, searchOf('created_on_gte=2026-03-29&created_on_lte=2026-03-29'));
    // the day the clocks go forward is 23 hours long
    expect(arg['created_on_gte']).toBe('2026-03-28T23:00:00.000Z');
    expect(arg['created_on_lte']).toBe('2026-03-29T21:59:59.999Z');
    expect(buildListQueryArg(messages, searchOf('created_on_gte=yesterday'))['created_on_gte']).toBeUndefined();
  });
});
