import { LIVE_LIMITS } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { fallbackPoll, isUnderWay, pollRowsUnderWay } from './fallback-poll';

describe('the fallback poll', () => {
  it('never runs while the stream is live, and while it is not only as long as something is under way', () => {
    expect(fallbackPoll(true, true)).toBe(false);
    expect(fallbackPoll(false, false)).toBe(false);
    expect(fallbackPoll(false, true)).toBe(LIVE_LIMITS.fallbackPollMs);
    expect(fallbackPoll(false, true, 3000)).toBe(3000);
  });

  it("takes a row as under way while its engine command is pending (each kind's pending state)", () => {
    expect(['CANCELLING', 'CLOSING', 'CHANGING'].map((action_state) => isUnderWay({ action_state }))).toEqual([true, true, true]);
    expect(['NONE', 'CANCELLED', 'CLOSED', 'CHANGED', null].map((action_state) => isUnderWay({ action_state }))).toEqual([false, false, false, false, false]);
    const page = { count: 2, next: null, previous: null, results: [{ action_state: 'NONE' }, { action_state: 'CLOSING' }] };
    expect(pollRowsUnderWay(false, page)).toBe(LIVE_LIMITS.fallbackPollMs);
    expect(pollRowsUnderWay(true, page)).toBe(false);
    expect(pollRowsUnderWay(false, { ...page, results: [{ action_state: 'CLOSED' }] })).toBe(false);
  });
});
