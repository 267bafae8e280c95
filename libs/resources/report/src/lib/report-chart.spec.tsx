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

  it('writes short ticks on the axis, the full label in the tooltip, and the note on the zone', () => {
    const hours = Array.from({ length: 48 }, (_, i) => ({
      label: `2026-12-0${6 + Math.floor(i / 24)} ${String(i % 24).padStart(2, '0')}:00`,
      tick: i % 24 ? `${String(i % 24).padStart(2, '0')}:00` : `12-0${6 + Math.floor(i / 24)}`,
      messages: i,
    }));
    renderWithProviders(
      <ReportChart points={hours} series={series.slice(0, 1)} kind="line" note="Days and times in UTC" />,
    );
    const axis = screen.getAllByTestId('x-tick').map((t) => t.textContent);
    // a thinned row of short time ticks, a new day by its date, no full "2026-12-06 14:00"
    expect(axis).toContain('12-06');
    expect(axis.length).toBeLessThan(hours.length);
    expect(axis.some((t) => t?.startsWith('2026-'))).toBe(false);
    expect(screen.getByTestId('chart-note').textContent).toBe('Days and times in UTC');
    fireEvent.keyDown(screen.getByRole('img'), { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('2026-12-06 00:00');
  });
});
