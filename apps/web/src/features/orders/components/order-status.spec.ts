import { describe, expect, it } from 'vitest';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES } from '@console/contracts';
import { ORDER_STATUS_MEANING, orderStatusColour } from './order-status';

describe('order status colours', () => {
  it('colour by meaning: a fill is not red, cancelled is grey, a failed placement red, open green', () => {
    expect(orderStatusColour('FILLED')).toBe('text.primary');
    expect(orderStatusColour('PARTIALLY_FILLED')).toBe('text.primary');
    for (const status of ['CANCELING', 'CANCELED_MANUAL', 'CANCELED_BY_TIMER', 'CANCELED_BY_MOVEMENT'] as const) {
      expect(orderStatusColour(status)).toBe('text.secondary');
    }
    expect(orderStatusColour('PLACEMENT_FAILED')).toBe('error.main');
    expect(orderStatusColour('PLACED')).toBe('success.main');
    expect(orderStatusColour('PLACING')).toBe('success.main');
  });

  it('red is for the rejected placement only', () => {
    expect(ORDER_STATUSES.filter((s) => orderStatusColour(s) === 'error.main')).toEqual(['PLACEMENT_FAILED']);
  });

  it('the open meaning is exactly the statuses Cancel acts on', () => {
    expect(new Set(ORDER_STATUSES.filter((s) => ORDER_STATUS_MEANING[s] === 'open'))).toEqual(new Set(OPEN_ORDER_STATUSES));
  });
});
