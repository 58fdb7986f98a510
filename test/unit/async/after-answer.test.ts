import { describe, expect, it } from 'vitest';
import { AT_ONCE, createAfterAnswer } from '@/lib/async/after-answer';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createAfterAnswer', () => {
  it('runs the work’s first step now but its work only after the current task (and its microtasks)', async () => {
    const afterAnswer = createAfterAnswer();
    const steps: string[] = [];
    afterAnswer.later(async (turn) => {
      steps.push('queued');
      await turn;
      steps.push('written');
    });
    // The answer's own chain of microtasks (the router's awaits, sendResponse) all run before the work.
    for (let hop = 0; hop < 20; hop += 1) await Promise.resolve();
    expect(steps).toEqual(['queued']);
    await nextTask();
    await nextTask();
    expect(steps).toEqual(['queued', 'written']);
  });

  it('settled waits for every piece of work handed over, and for work handed over meanwhile', async () => {
    const afterAnswer = createAfterAnswer();
    const written: string[] = [];
    afterAnswer.later(async (turn) => {
      await turn;
      await nextTask();
      written.push('history');
      // A record that leads to another (an entry made once the first is stored) is waited for too.
      afterAnswer.later(async (next) => {
        await next;
        written.push('activity');
      });
    });
    await afterAnswer.settled();
    expect(written).toEqual(['history', 'activity']);
  });

  it('a failed piece of work neither throws at the caller nor keeps settled from resolving', async () => {
    const afterAnswer = createAfterAnswer();
    afterAnswer.later(async (turn) => {
      await turn;
      throw new Error('storage full');
    });
    await expect(afterAnswer.settled()).resolves.toBeUndefined();
  });

  it('AT_ONCE starts the work at once, with nothing to wait for', async () => {
    const steps: string[] = [];
    AT_ONCE.later(async (turn) => {
      await turn;
      steps.push('written');
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(steps).toEqual(['written']);
  });
});
