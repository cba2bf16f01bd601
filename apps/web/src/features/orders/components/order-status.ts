import type { OrderStatus } from '@console/contracts';

/** What an order's status means to the reader; its colour follows from that, not from being open or not. */
export type OrderStatusMeaning = 'open' | 'filled' | 'cancelled' | 'rejected';

/** Every status's meaning, in one place: a status added to the contracts fails the typecheck until it is placed here. */
export const ORDER_STATUS_MEANING: Record<OrderStatus, OrderStatusMeaning> = {
  PLACING: 'open',
  PLACED: 'open',
  FILLED: 'filled',
  PARTIALLY_FILLED: 'filled',
  CANCELING: 'cancelled',
  CANCELED_MANUAL: 'cancelled',
  CANCELED_BY_TIMER: 'cancelled',
  CANCELED_BY_MOVEMENT: 'cancelled',
  PLACEMENT_FAILED: 'rejected',
};

/**
 * Theme colours by meaning: open orders green (the ones Cancel acts on), a fill in the ordinary text
 * colour (the normal end of an order, not an alarm), cancelled grey, and only a rejected placement red.
 */
export const ORDER_STATUS_COLOUR: Record<OrderStatusMeaning, string> = {
  open: 'success.main',
  filled: 'text.primary',
  cancelled: 'text.secondary',
  rejected: 'error.main',
};

export const orderStatusColour = (status: OrderStatus): string => ORDER_STATUS_COLOUR[ORDER_STATUS_MEANING[status]];

