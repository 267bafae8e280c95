import { niceTicks, tickStride } from './chart-scale';

describe('chart scale', () => {
  it('puts round ticks from 0 to at least the largest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('writes every label when they fit and thins them out when they do not', () => {
    expect(tickStride(7, 600)).toBe(1);
    expect(tickStride(31, 600)).toBe(3);
    expect(tickStride(0, 600)).toBe(1);
  });
});
