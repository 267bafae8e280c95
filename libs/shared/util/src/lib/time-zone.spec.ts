import { formatDate, formatDateTime } from './format';
import {
  currentZoneName,
  displayZone,
  endOfZonedDay,
  setDisplayZone,
  startOfZonedDay,
  subscribeDisplayZone,
  timeZoneChoices,
  utcOffsetText,
  withZone,
  zonedDay,
  zonedTimeToInstant,
} from './time-zone';

afterEach(() => setDisplayZone(null));

describe('formatDateTime in the account zone', () => {
  it('reads an instant in the zone set for the account, and labels it on request', () => {
    setDisplayZone('Europe/Berlin');
    expect(formatDateTime('2026-12-06T13:05:00Z')).toBe('2026-12-06 14:05');
    expect(formatDateTime('2026-12-06T13:05:00Z', { label: true })).toBe('2026-12-06 14:05 (Europe/Berlin)');
    expect(formatDateTime('2026-12-06T13:05:00Z', { zone: 'America/New_York', label: true })).toBe(
      '2026-12-06 08:05 (America/New_York)',
    );
  });

  it('crosses the date line into the zone day', () => {
    expect(formatDateTime('2026-12-06T23:30:00Z', { zone: 'Asia/Tokyo' })).toBe('2026-12-07 08:30');
    expect(formatDate('2026-12-06T23:30:00Z', { zone: 'Asia/Tokyo' })).toBe('2026-12-07');
  });

  it('follows daylight saving on both sides of a change (Berlin, 2026-03-29 01:00 UTC)', () => {
    const zone = 'Europe/Berlin';
    expect(formatDateTime('2026-03-29T00:59:00Z', { zone })).toBe('2026-03-29 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', { zone })).toBe('2026-03-29 03:00');
    // autumn: 02:30 happens twice, an hour apart
    expect(formatDateTime('2026-10-25T00:30:00Z', { zone })).toBe('2026-10-25 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z', { zone })).toBe('2026-10-25 02:30');
  });

  it('shows a calendar day and a zone-less reading as written, and nothing for no value', () => {
    setDisplayZone('Asia/Tokyo');
    expect(formatDateTime('2026-01-02')).toBe('2026-01-02');
    expect(formatDateTime('2026-01-02T03:04:00')).toBe('2026-01-02 03:04');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('falls back to the browser zone for an unknown or cleared zone, and tells subscribers', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const seen: string[] = [];
    const stop = subscribeDisplayZone(() => seen.push(displayZone()));
    setDisplayZone('Mars/Olympus');
    expect(displayZone()).toBe(browser);
    setDisplayZone('America/Chicago');
    expect(withZone('Time')).toBe('Time (America/Chicago)');
    setDisplayZone(null);
    stop();
    expect(seen).toEqual(['America/Chicago', browser]);
  });
});

describe('day boundaries in a zone', () => {
  it('starts a day at the zone midnight, also on the days the clocks change', () => {
    expect(startOfZonedDay('2026-12-06', 'Europe/Berlin').toISOString()).toBe('2026-12-05T23:00:00.000Z');
    expect(startOfZonedDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(endOfZonedDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(endOfZonedDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfZonedDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('starts a day whose midnight is skipped at the change (Santiago, 2026-09-06)', () => {
    const start = startOfZonedDay('2026-09-06', 'America/Santiago');
    expect(zonedDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(formatDateTime(start, { zone: 'America/Santiago' })).toBe('2026-09-06 01:00');
  });
});

describe('a picked time in a zone', () => {
  it('is the instant the zone clock reads, on ordinary and clock-change days', () => {
    expect(zonedTimeToInstant('2026-12-06T14:05', 'Europe/Berlin').toISOString()).toBe('2026-12-06T13:05:00.000Z');
    expect(zonedTimeToInstant('2026-07-01 09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    // 02:30 does not exist in Berlin on 2026-03-29: it is read as 03:30
    expect(formatDateTime(zonedTimeToInstant('2026-03-29T02:30', 'Europe/Berlin'), { zone: 'Europe/Berlin' })).toBe(
      '2026-03-29 03:30',
    );
    // 02:30 happens twice on 2026-10-25: the first one (summer time)
    expect(zonedTimeToInstant('2026-10-25T02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTimeToInstant('not a time').getTime()).toBeNaN();
  });
});

describe('choosing a zone', () => {
  const at = new Date('2026-12-06T12:00:00Z');
  it('offers every zone by its current name with its offset now, UTC first, and keeps one in use', () => {
    const choices = timeZoneChoices('Etc/GMT+5', at);
    expect(choices[0]).toEqual({ value: 'UTC', label: 'UTC' });
    expect(choices).toContainEqual({ value: 'Asia/Kolkata', label: 'Asia/Kolkata (UTC+05:30)' });
    expect(choices).toContainEqual({ value: 'America/Los_Angeles', label: 'America/Los_Angeles (UTC-08:00)' });
    expect(choices.some((c) => c.value === 'Asia/Calcutta')).toBe(false);
    expect(choices.some((c) => c.value === 'Etc/GMT+5')).toBe(true);
    expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
  });

  it('names offsets to the minute and the former names by today’s', () => {
    expect(utcOffsetText('Asia/Kathmandu', at)).toBe('UTC+05:45');
    expect(utcOffsetText('America/St_Johns', at)).toBe('UTC-03:30');
    expect(utcOffsetText('Europe/London', at)).toBe('UTC');
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
