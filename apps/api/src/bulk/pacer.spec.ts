import { Schedule } from './pacer';

describe("pacing hand-overs at a vendor's throughput", () => {
  it('lets the first chunk go at once and spaces the next ones by what the earlier took', () => {
    const s = new Schedule();
    // 100 messages at 50/s take 2 s; the next chunk of the same vendor waits for them
    expect(s.book('v1', 100, 50, 0)).toBe(0);
    expect(s.book('v1', 100, 50, 500)).toBe(1500);
    expect(s.book('v1', 10, 50, 10_000)).toBe(0);
    // another vendor has its own schedule
    expect(s.book('v2', 100, 1000, 500)).toBe(0);
    expect(s.book('v2', 100, 1000, 500)).toBe(100);
  });
});
