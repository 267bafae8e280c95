import { BLOCK_REASONS, ERROR_CODES } from '@smsc/shared-contract';
import { ERROR_LINK_PATHS, ERROR_WORDS, explainError, problemOf } from './error-words';
import { describeApiError, explainFailure, GENERIC_ERROR } from './errors';

/** What a person must never read: a code or a field name followed by a colon. */
const RAW = /[a-z]+_[a-z_]+:/;

describe('error words: every reason code the server sends, in words', () => {
  it.each(ERROR_CODES.map((c) => [c]))('%s has a sentence and a next step with no code in them', (code) => {
    const words = ERROR_WORDS[code];
    expect(words.sentence).toMatch(/^[A-Z].*[.)]$/);
    expect(words.next).toMatch(/^[A-Z].*\.$/);
    for (const text of [words.sentence, words.next ?? '']) {
      expect(text).not.toContain(code);
      expect(text).not.toMatch(/[a-z]+_[a-z]+/);
    }
    const alone = explainError({ code });
    expect(alone?.text).toBe(`${words.sentence} ${words.next}`);
    // a refusal with the server's detail keeps the detail and, for a blocked message, says what to do
    const withDetail = explainError({ code, detail: 'The server said why' });
    expect(withDetail?.what).toBe('The server said why');
    if ((BLOCK_REASONS as readonly string[]).includes(code)) expect(withDetail?.next).toBe(words.next);
  });

  it('answers for the whole list the contract declares, and nothing else', () => {
    expect(Object.keys(ERROR_WORDS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("links only to screens the company admin's area has", () => {
    const targets = new Set(Object.values(ERROR_WORDS).flatMap((w) => (w.link ? [w.link] : [])));
    for (const area of Object.values(ERROR_LINK_PATHS))
      for (const [target, place] of Object.entries(area)) {
        expect(targets.has(target as never)).toBe(true);
        expect(place?.path).not.toMatch(/^\//);
      }
  });

  it('reads the answer shapes the server sends: a block, field errors, a field-named message, problem+json', () => {
    const blocked = {
      status: 402,
      data: { error: { message: 'Blocked (no_money): The balance 0.10 USD does not cover 0.50 USD' } },
    };
    expect(problemOf(blocked)).toEqual({
      status: 402,
      code: 'no_money',
      detail: 'The balance 0.10 USD does not cover 0.50 USD',
      fields: {},
    });
    expect(explainFailure(blocked)).toEqual({
      text: 'The balance 0.10 USD does not cover 0.50 USD. Top up your balance, then send again.',
      link: 'top-up',
    });

    const field = { status: 400, data: { errors: { dnis: 'Recipient number: "abc" is not a phone number' } } };
    expect(problemOf(field)).toMatchObject({ code: 'validation', fields: { dnis: expect.any(String) } });
    expect(describeApiError(field)).toBe('Recipient number: "abc" is not a phone number');

    const named = { status: 400, data: { error: { message: 'send_at: choose a time in the future' } } };
    expect(problemOf(named)).toMatchObject({ fields: { send_at: 'choose a time in the future' } });
    expect(describeApiError(named)).toBe('Send time: choose a time in the future');
    expect(describeApiError({ status: 400, data: { errors: { time_zone: 'unknown zone' } } })).toBe(
      'Time zone: unknown zone',
    );

    const problem = {
      status: 403,
      data: {
        type: 'about:blank',
        status: 403,
        code: 'api_key_scope',
        detail: 'This API key may send; this call needs read',
        errors: [{ field: 'company_uuid', message: 'not yours' }],
      },
    };
    expect(problemOf(problem)).toEqual({
      status: 403,
      code: 'api_key_scope',
      detail: 'This API key may send; this call needs read',
      fields: { company_uuid: 'not yours' },
    });
    expect(describeApiError(problem)).toBe(
      'This API key may send; this call needs read. Create a key with the scope the call needs.',
    );
    // a code with nothing else still reads as a sentence; no answer at all is the generic words
    expect(describeApiError({ status: 429, data: {} })).toBe(
      'Too many requests in a short time. Wait a minute and try again.',
    );
    expect(describeApiError({ status: 'FETCH_ERROR' })).toBe(GENERIC_ERROR);
  });

  it('never lets a code or field name through, whatever the answer', () => {
    const answers: unknown[] = [
      ...ERROR_CODES.map((code) => ({ status: 400, data: { error: { message: `Blocked (${code}): refused`, code } } })),
      { status: 400, data: { errors: { company_uuid: 'choose the company', status_callback: ['not https'] } } },
      { status: 400, data: { error: { message: 'end_time: must be after start_time' } } },
      { status: 409, data: { code: 'conflict', errors: [{ pointer: '/body/time_zone', detail: 'unknown zone' }] } },
    ];
    for (const a of answers) expect([a, describeApiError(a)]).toEqual([a, expect.not.stringMatching(RAW)]);
  });
});
