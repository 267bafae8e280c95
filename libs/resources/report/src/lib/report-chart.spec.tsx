import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import ReportChart from './report-chart';

const points = [
  { label: 'Mon', messages: 10, revenue: 2.5 },
  { label: 'Tue', messages: 40, revenue: 7 },
  { label: 'Wed', messages: 0, revenue: 0 },
];
const series = [
  { key: 'messages', name: 'Messages' },
  { key: 'revenue', name: 'Revenue' },
];

describe('ReportChart', () => {
  it('draws one line per series over the points, with a value axis and a legend', () => {
    const { container } = renderWithProviders(<ReportChart points={points} series={series} kind="line" />);
    const lines = container.querySelectorAll('polyline');
    expect(lines).toHaveLength(2);
    expect(lines[0].getAttribute('points')?.split(' ')).toHaveLength(3);
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('Mon')).toBeTruthy();
    expect(screen.getByText('Revenue')).toBeTruthy();
  });

  it('draws a bar per point and series, the tallest for the largest value', () => {
    const { container } = renderWithProviders(<ReportChart points={points} series={series} kind="bar" />);
    const bars = [...container.querySelectorAll('svg rect')];
    expect(bars).toHaveLength(6);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[1]);
    expect(heights[2]).toBe(0);
  });

  it('reads each point out with the arrow keys', () => {
    renderWithProviders(<ReportChart points={points} series={series} kind="line" />);
    const chart = screen.getByRole('img');
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('MonMessages: 10Revenue: 2.5');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('Wed');
    fireEvent.blur(chart);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });
});
