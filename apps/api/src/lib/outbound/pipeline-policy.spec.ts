import { PipelinePolicy } from './pipeline-policy';

describe('PipelinePolicy: which origins are pipelined', () => {
  let now = 0;
  const policy = () =>
    new PipelinePolicy({
      promoteAfter: 3,
      fastMs: 20,
      slowMs: 100,
      weight: 0.5,
      coolDownMs: 1000,
      slowCoolDownMs: 100,
      now: () => now,
    });
  const answers = (p: PipelinePolicy, origin: string, ...ms: number[]) => ms.forEach((m) => p.record(origin, true, m));
  beforeEach(() => (now = 0));

  it('pipelines an origin only after enough answers in a row that are fast on average, each origin apart', () => {
    const p = policy();
    answers(p, 'https://a.test', 5, 5);
    expect(p.pipelined('https://a.test')).toBe(false);
    answers(p, 'https://a.test', 5);
    expect(p.pipelined('https://a.test')).toBe(true);
    expect(p.pipelined('https://b.test')).toBe(false);
    // slow on average: never promoted, however many answers
    answers(p, 'https://b.test', 60, 60, 60, 60, 60, 60);
    expect(p.pipelined('https://b.test')).toBe(false);
  });

  it('starts counting again after a network failure or a timeout', () => {
    const p = policy();
    answers(p, 'https://a.test', 5, 5);
    p.record('https://a.test', false, 5000);
    answers(p, 'https://a.test', 5, 5);
    expect(p.pipelined('https://a.test')).toBe(false);
    answers(p, 'https://a.test', 5);
    expect(p.pipelined('https://a.test')).toBe(true);
  });

  it('stops pipelining at once on a failure, and only when the average slows, not for one slow answer', () => {
    const p = policy();
    answers(p, 'https://a.test', 5, 5, 5);
    answers(p, 'https://a.test', 150);
    expect(p.pipelined('https://a.test')).toBe(true);
    answers(p, 'https://a.test', 5, 300);
    expect(p.pipelined('https://a.test')).toBe(false);

    const q = policy();
    answers(q, 'https://c.test', 5, 5, 5);
    q.record('https://c.test', false, 3);
    expect(q.pipelined('https://c.test')).toBe(false);
  });

  it('keeps a demoted origin unpipelined for the cool-down, then promotes it again', () => {
    const p = policy();
    answers(p, 'https://a.test', 5, 5, 5);
    p.record('https://a.test', false, 3);
    answers(p, 'https://a.test', 5, 5, 5, 5, 5);
    expect(p.pipelined('https://a.test')).toBe(false);
    now = 1000;
    answers(p, 'https://a.test', 5);
    expect(p.pipelined('https://a.test')).toBe(true);
  });

  it('keeps an origin that only slowed down out for the shorter cool-down', () => {
    const p = policy();
    answers(p, 'https://a.test', 5, 5, 5);
    answers(p, 'https://a.test', 400);
    expect(p.pipelined('https://a.test')).toBe(false);
    now = 99;
    answers(p, 'https://a.test', 5, 5, 5);
    expect(p.pipelined('https://a.test')).toBe(false);
    now = 100;
    answers(p, 'https://a.test', 5);
    expect(p.pipelined('https://a.test')).toBe(true);
  });
});
