import { axisLabels, labelPx, niceTicks } from './chart-scale';
import { timeTick } from './report-figures';

describe('chart scale', () => {
  it('puts round ticks from 0 to at least the largest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

/** The x ranges the written labels cover, centred on their slots as the chart draws them. */
function spans(labels: string[], plotWidth: number) {
  const slot = plotWidth / labels.length;
  return labels
    .map((l, i) => ({ l, centre: slot * i + slot / 2 }))
    .filter((p) => p.l)
    .map((p) => [p.centre - labelPx(p.l) / 2, p.centre + labelPx(p.l) / 2]);
}

describe('axis labels', () => {
  it('writes every label when they fit', () => {
    const days = ['12-01', '12-02', '12-03', '12-04', '12-05', '12-06', '12-07'];
    expect(axisLabels(days, 600)).toEqual(days);
    expect(axisLabels([], 600)).toEqual([]);
  });

  it('thins a month of days, or two days of hours, so no two written labels overlap', () => {
    const days = Array.from({ length: 31 }, (_, i) => `12-${String(i + 1).padStart(2, '0')}`);
    const hours = Array.from({ length: 48 }, (_, i) => `${String(i % 24).padStart(2, '0')}:00`);
    for (const [labels, width] of [
      [days, 600],
      [days, 280],
      [hours, 700],
    ] as const) {
      const shown = axisLabels([...labels], width);
      expect(shown[0]).toBe(labels[0]);
      expect(shown.filter(Boolean).length).toBeLessThan(labels.length);
      const s = spans(shown, width);
      for (let i = 1; i < s.length; i++) expect(s[i][0]).toBeGreaterThan(s[i - 1][1]);
    }
  });

  it('cuts long group names to two slots and keeps them apart', () => {
    const groups = Array.from({ length: 12 }, (_, i) => `Company with a very long name ${i + 1}`);
    const shown = axisLabels(groups, 900);
    expect(shown[0]).toMatch(/^Company.*…$/);
    expect(shown[0].length).toBeLessThan(groups[0].length);
    const s = spans(shown, 900);
    for (let i = 1; i < s.length; i++) expect(s[i][0]).toBeGreaterThan(s[i - 1][1]);
  });

  it("names time buckets briefly on the report zone's clock: hours by clock, a new day by its date, months by month", () => {
    expect(timeTick('2026-12-06T14:00:00.000Z', 'hour', 'UTC')).toBe('14:00');
    expect(timeTick('2026-12-07T00:00:00.000Z', 'hour', 'UTC')).toBe('12-07');
    expect(timeTick('2026-12-06T00:00:00.000Z', 'day', 'UTC')).toBe('12-06');
    expect(timeTick('2026-12-01T00:00:00.000Z', 'month', 'UTC')).toBe('2026-12');
    // Kolkata's clock: 18:30Z is its midnight, so that hour is named by its day; Los Angeles' day starts at 08:00Z
    expect(timeTick('2026-12-06T14:00:00.000Z', 'hour', 'Asia/Kolkata')).toBe('19:30');
    expect(timeTick('2026-12-06T18:30:00.000Z', 'hour', 'Asia/Kolkata')).toBe('12-07');
    expect(timeTick('2026-12-06T08:00:00.000Z', 'day', 'America/Los_Angeles')).toBe('12-06');
    expect(timeTick('2026-11-30T18:30:00.000Z', 'month', 'Asia/Kolkata')).toBe('2026-12');
  });
});
