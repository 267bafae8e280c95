import { BLOCK_REASONS } from '@smsc/shared-contract';
import { codeOfStatus, PROBLEM_TITLES, titleOf } from './problem';

describe('problem titles and codes', () => {
  it('titles every send refusal reason, so the answer of a blocked send says what blocked it', () => {
    expect(BLOCK_REASONS.filter((r) => !PROBLEM_TITLES[r])).toEqual([]);
  });
  it("falls back to the status's words", () => {
    expect([codeOfStatus(404), codeOfStatus(418), codeOfStatus(503), codeOfStatus(599)]).toEqual([
      'not_found',
      'validation',
      'unavailable',
      'server_error',
    ]);
    expect(titleOf('not_found', 404)).toBe('Not Found');
    expect(titleOf('spend_limit', 422)).toBe('Blocked: spend limit reached');
  });
});
