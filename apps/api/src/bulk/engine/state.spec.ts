import { bulkMovableFrom, nextBulkStatus } from './state';

describe('bulk state machine', () => {
  it('runs a held or scheduled bulk and holds a running or scheduled one', () => {
    expect(nextBulkStatus('held', 'run')).toEqual({ ok: true, to: 'running' });
    expect(nextBulkStatus('scheduled', 'run')).toEqual({ ok: true, to: 'running' });
    expect(nextBulkStatus('running', 'hold')).toEqual({ ok: true, to: 'held' });
    expect(nextBulkStatus('scheduled', 'hold')).toEqual({ ok: true, to: 'held' });
  });
  it('resumes a bulk held before its time to wait for that time again', () => {
    expect(nextBulkStatus('held', 'run', true)).toEqual({ ok: true, to: 'scheduled' });
    expect(nextBulkStatus('scheduled', 'run', true)).toEqual({ ok: true, to: 'running' });
  });
  it('refuses repeated and final-state moves with a reason', () => {
    expect(nextBulkStatus('running', 'run')).toEqual({ ok: false, message: 'This bulk is already running' });
    expect(nextBulkStatus('held', 'hold')).toMatchObject({ ok: false });
    expect(nextBulkStatus('stopped', 'run')).toMatchObject({ ok: false, message: expect.stringContaining('stopped') });
    expect(nextBulkStatus('finished', 'hold')).toMatchObject({
      ok: false,
      message: expect.stringContaining('finished'),
    });
    expect(nextBulkStatus('held', 'finish')).toMatchObject({ ok: false });
  });
  it('derives the guards from the moves', () => {
    expect(bulkMovableFrom('run')).toEqual(['scheduled', 'held']);
    expect(bulkMovableFrom('hold')).toEqual(['scheduled', 'running']);
    expect(bulkMovableFrom('stop')).toEqual(['scheduled', 'running', 'held']);
    expect(bulkMovableFrom('finish')).toEqual(['running']);
  });
});
