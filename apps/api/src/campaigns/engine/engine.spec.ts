import { CAMPAIGN_STATUSES } from '@smsc/shared-contract';
import { allowedActions, campaignMove, editableFields } from './state';
import { firstWord, matchKeyword } from './keyword-match';
import { zonesOfPrefix } from '../../numbers/time-zones';
import { isTimeZone, nextSendTime, quietWait, sendGroups, zoneOfNumber } from './send-window';

describe('campaign state machine', () => {
  it('allows exactly draft → running ⇄ held → stopped and running → finished', () => {
    const table = Object.fromEntries(
      CAMPAIGN_STATUSES.map((s) => [
        s,
        (['run', 'hold', 'stop', 'finish'] as const)
          .map((a) => {
            const r = campaignMove(s, a);
            return r.ok ? `${a}→${r.to}` : `${a}✗`;
          })
          .join(' '),
      ]),
    );
    expect(table).toEqual({
      draft: 'run→running hold✗ stop✗ finish✗',
      running: 'run✗ hold→held stop→stopped finish→finished',
      held: 'run→running hold✗ stop→stopped finish✗',
      stopped: 'run✗ hold✗ stop✗ finish✗',
      finished: 'run✗ hold✗ stop✗ finish✗',
    });
  });

  it('says why a move is refused and which buttons a state enables', () => {
    expect(campaignMove('stopped', 'run')).toEqual({
      ok: false,
      message: 'A stopped campaign cannot run; only a draft or held one can',
    });
    expect(campaignMove('draft', 'hold')).toEqual({
      ok: false,
      message: 'A draft campaign cannot hold; only a running one can',
    });
    expect(allowedActions('draft')).toEqual(['run']);
    expect(allowedActions('running')).toEqual(['hold', 'stop']);
    expect(allowedActions('held')).toEqual(['run', 'stop']);
    expect(allowedActions('finished')).toEqual([]);
    expect(editableFields('draft')).toBe('all');
    expect(editableFields('held')).toBe('name');
  });
});

describe('keyword matching', () => {
  const rules = [
    { keyword_uuid: 'all-join', keyword: 'join', did_uuid: null },
    { keyword_uuid: 'did-join', keyword: 'JOIN', did_uuid: 'd1' },
    { keyword_uuid: 'info', keyword: 'Info', did_uuid: null },
    { keyword_uuid: 'other-did', keyword: 'PROMO', did_uuid: 'd2' },
  ];
  it('matches the first word in any case, ignoring punctuation around it', () => {
    expect(firstWord('  join! please')).toBe('JOIN');
    expect(firstWord('...')).toBe('');
    expect(matchKeyword('info?', 'd9', rules)?.keyword_uuid).toBe('info');
    expect(matchKeyword('Ｉｎｆｏ', 'd9', rules)?.keyword_uuid).toBe('info');
    expect(matchKeyword('information', 'd9', rules)).toBeNull();
    expect(matchKeyword('send info', 'd9', rules)).toBeNull();
  });
  it("prefers the rule of the number that received the message and ignores other numbers' rules", () => {
    expect(matchKeyword('JOIN', 'd1', rules)?.keyword_uuid).toBe('did-join');
    expect(matchKeyword('join now', 'd3', rules)?.keyword_uuid).toBe('all-join');
    expect(matchKeyword('promo', 'd1', rules)).toBeNull();
    expect(matchKeyword('promo', 'd2', rules)?.keyword_uuid).toBe('other-did');
  });
});

describe('send windows', () => {
  const night = { start: '21:00', end: '08:00' };
  it("takes the zones of the number's prefix from the per-prefix data, else the company's", () => {
    expect(zoneOfNumber('+12125550100', zonesOfPrefix, 'Europe/London')).toBe('America/New_York');
    expect(zoneOfNumber('+12135550100', zonesOfPrefix, 'Europe/London')).toBe('America/Los_Angeles');
    // states split between zones: Knoxville, Tennessee is Eastern; El Paso, Texas is Mountain
    expect(zoneOfNumber('+18655240100', zonesOfPrefix, 'Europe/London')).toBe('America/New_York');
    expect(zoneOfNumber('+19155330100', zonesOfPrefix, 'Europe/London')).toBe('America/Denver');
    // an exchange known to one zone takes it; an area code spanning two zones keeps both
    expect(zoneOfNumber('+17012250100', zonesOfPrefix, 'Europe/London')).toBe('America/Denver');
    expect(zoneOfNumber('+17019990100', zonesOfPrefix, 'Europe/London')).toBe(
      'America/Denver&America/North_Dakota/Center',
    );
    expect(zoneOfNumber('+442079460018', zonesOfPrefix, 'America/Chicago')).toBe('Europe/London');
    // no area code known: the bare +1 spans every NANP zone, which says nothing; the company's zone
    expect(zoneOfNumber('+19995550100', zonesOfPrefix, 'Europe/London')).toBe('Europe/London');
    expect(zoneOfNumber('not a number', zonesOfPrefix, 'Europe/London')).toBe('Europe/London');
    // zones that never share a moment outside the quiet hours give way to the company's
    const apart = () => ['Asia/Kolkata', 'America/Los_Angeles'];
    const office = { start: '18:00', end: '09:00' };
    const now = new Date('2026-03-10T12:00:00Z');
    expect(zoneOfNumber('+99912345', apart, 'Europe/London', office, now)).toBe('Europe/London');
    expect(zoneOfNumber('+99912345', apart, 'Europe/London', night, now)).toBe('America/Los_Angeles&Asia/Kolkata');
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it("sends Knoxville and El Paso by their own clocks, not their states'", () => {
    // 12:30 UTC on 10 March 2026: 08:30 in Knoxville (EDT) but 07:30 in Nashville (CDT);
    // 13:30 UTC: 07:30 in El Paso (MDT) but 08:30 in Dallas (CDT)
    const knoxville = zoneOfNumber('+18655240100', zonesOfPrefix, 'UTC');
    expect(nextSendTime(new Date('2026-03-10T12:30:00Z'), knoxville, night)).toEqual(new Date('2026-03-10T12:30:00Z'));
    const elPaso = zoneOfNumber('+19155330100', zonesOfPrefix, 'UTC');
    expect(nextSendTime(new Date('2026-03-10T13:30:00Z'), elPaso, night).toISOString()).toBe(
      '2026-03-10T14:00:00.000Z',
    );
  });

  it('sends to a prefix spanning two zones only when it is outside quiet hours in both', () => {
    const nd = zoneOfNumber('+17019990100', zonesOfPrefix, 'UTC');
    // 13:30 UTC on 10 March 2026: 08:30 Central (past quiet hours), 07:30 Mountain (still inside)
    expect(nextSendTime(new Date('2026-03-10T13:30:00Z'), nd, night).toISOString()).toBe('2026-03-10T14:00:00.000Z');
    // 02:30 UTC: 20:30 Mountain (open) but 21:30 Central (quiet): wait for 08:00 Mountain, the later end
    expect(nextSendTime(new Date('2026-03-11T02:30:00Z'), nd, night).toISOString()).toBe('2026-03-11T14:00:00.000Z');
    expect(nextSendTime(new Date('2026-03-10T20:00:00Z'), nd, night)).toEqual(new Date('2026-03-10T20:00:00Z'));
  });

  it('counts the minutes left in quiet hours, across midnight too', () => {
    const night = { start: '21:00', end: '08:00' };
    expect(quietWait(20 * 60 + 59, night)).toBe(0);
    expect(quietWait(21 * 60, night)).toBe(11 * 60);
    expect(quietWait(7 * 60 + 30, night)).toBe(30);
    expect(quietWait(8 * 60, night)).toBe(0);
    const lunch = { start: '12:00', end: '13:00' };
    expect(quietWait(12 * 60 + 15, lunch)).toBe(45);
    expect(quietWait(13 * 60, lunch)).toBe(0);
    expect(quietWait(3, { start: '10:00', end: '10:00' })).toBe(0);
  });

  it("moves a send inside quiet hours to their end in the recipient's zone", () => {
    const night = { start: '21:00', end: '08:00' };
    // 02:30 UTC on 10 March 2026 = 22:30 in New York (EDT starts 8 March) and 19:30 in Los Angeles
    const at = new Date('2026-03-10T02:30:20Z');
    expect(nextSendTime(at, 'America/New_York', night).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(nextSendTime(at, 'America/Los_Angeles', night)).toEqual(at);
    expect(nextSendTime(at, 'America/New_York', null)).toEqual(at);
    // the night of the spring-forward change: 23:00 EST on 7 March → 08:00 EDT on 8 March
    expect(nextSendTime(new Date('2026-03-08T04:00:00Z'), 'America/New_York', night).toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
  });

  it('groups recipients by the instant they may first receive a message, starting no earlier than start_at', () => {
    const now = new Date('2026-03-10T02:30:00Z');
    const recipients = [{ number: '+12125550100' }, { number: '+12135550100' }, { number: '+12125550101' }];
    const zoneOf = (n: string) => zoneOfNumber(n, zonesOfPrefix, 'America/Chicago');
    const groups = sendGroups(recipients, { now, start_at: null, quiet: { start: '21:00', end: '08:00' }, zoneOf });
    expect(groups.map((g) => [g.send_at.toISOString(), g.recipients.map((r) => r.number)])).toEqual([
      ['2026-03-10T02:30:00.000Z', ['+12135550100']],
      ['2026-03-10T12:00:00.000Z', ['+12125550100', '+12125550101']],
    ]);
    const later = sendGroups(recipients, {
      now,
      start_at: new Date('2026-03-10T16:00:00Z'),
      quiet: { start: '21:00', end: '08:00' },
      zoneOf,
    });
    expect(later).toEqual([{ send_at: new Date('2026-03-10T16:00:00Z'), recipients }]);
  });
});
