import { Table } from 'antd';
import { renderWithProviders } from '@smsc/shared-testing';
import { KeyboardScroll } from './keyboard-scroll';
import { Table as KeyboardTable } from './keyboard-table';

describe('KeyboardScroll', () => {
  it('makes a sideways-scrolling table a named tab stop, and keeps it one after new data', () => {
    const columns = [{ key: 'n', dataIndex: 'n', title: 'Number', width: 900 }];
    const ui = (rows: { key: string; n: string }[]) => (
      <KeyboardScroll label="Messages by hour">
        <Table columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
      </KeyboardScroll>
    );
    const { container, rerender } = renderWithProviders(ui([{ key: '1', n: '+14155550100' }]));
    const region = () => container.querySelector<HTMLElement>('.ant-table-content');
    expect(region()).not.toBeNull();
    expect(region()?.tabIndex).toBe(0);
    expect(region()?.getAttribute('role')).toBe('region');
    expect(region()?.getAttribute('aria-label')).toBe('Messages by hour');
    rerender(ui([{ key: '2', n: '+14155550101' }]));
    expect(region()?.tabIndex).toBe(0);
  });

  it('leaves a table without a scroll region alone', () => {
    const { container } = renderWithProviders(
      <KeyboardScroll label="x">
        <p>no table</p>
      </KeyboardScroll>,
    );
    expect(container.querySelector('[tabindex]')).toBeNull();
  });
});

describe('the lib’s Table', () => {
  it('is a tab stop when it scrolls sideways, and draws a text empty message in the readable Empty', () => {
    const columns = [{ key: 'n', dataIndex: 'n', title: 'Number', width: 900 }];
    const { container } = renderWithProviders(
      <KeyboardTable
        columns={columns}
        dataSource={[]}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No failed jobs' }}
      />,
    );
    const region = container.querySelector<HTMLElement>('.ant-table-content');
    expect(region?.tabIndex).toBe(0);
    expect(region?.getAttribute('aria-label')).toBe('Table, scrolls sideways');
    expect(container.querySelector('.ant-empty-description')?.textContent).toBe('No failed jobs');
  });

  it('keeps the name a KeyboardScroll around it gives, across renders', () => {
    const columns = [{ key: 'n', dataIndex: 'n', title: 'Number', width: 900 }];
    const ui = (rows: { key: string; n: string }[]) => (
      <KeyboardScroll label="Numbers of the bulk">
        <KeyboardTable columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
      </KeyboardScroll>
    );
    const { container, rerender } = renderWithProviders(ui([{ key: '1', n: '+14155550100' }]));
    const label = () => container.querySelector('.ant-table-content')?.getAttribute('aria-label');
    expect(label()).toBe('Numbers of the bulk');
    rerender(ui([{ key: '2', n: '+14155550101' }]));
    expect(label()).toBe('Numbers of the bulk');
  });
});
