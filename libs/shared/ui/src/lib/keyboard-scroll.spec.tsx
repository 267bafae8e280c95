import { Table } from 'antd';
import { renderWithProviders } from '@smsc/shared-testing';
import { KeyboardScroll } from './keyboard-scroll';

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
