import { describe, expect, it } from 'vitest';
import type { OrderSide } from '@console/contracts';
import { dec } from '../money';
import { applyFill, markPosition, newPosition, positionPnl, type PositionBook } from './position';

const fill = (direction: OrderSide, quantity: string, price: string, fee: string) => ({ direction, quantity: dec(quantity), price: dec(price), fee: dec(fee) });
const text = (p: PositionBook) => ({
  state: p.state,
  coins: p.active_p_coins.toFixed(),
  size: p.active_p_size_usd.toFixed(),
  avg: p.avg_e_price?.toFixed() ?? null,
  r_pnl: p.r_pnl.toFixed(),
  u_pnl: p.u_pnl.toFixed(),
});

describe('long positions', () => {
  it('average the entry, realise on reductions and the close, fees included', () => {
    // Buy 0.5 at 100 (maker fee 0.01), then 1.5 at 96 (maker fee 0.0288): average (50 + 144) / 2 = 97.
    let p = applyFill(newPosition('long'), fill('buy', '0.5', '100', '0.01'));
    expect(text(p)).toEqual({ state: 'open', coins: '0.5', size: '50', avg: '100', r_pnl: '-0.01', u_pnl: '0' });
    p = applyFill(p, fill('buy', '1.5', '96', '0.0288'));
    expect(text(p)).toMatchObject({ coins: '2', size: '194', avg: '97', r_pnl: '-0.0388' });
    // Marked at 99: (99 − 97) × 2 = 4.
    p = markPosition(p, { current_price: '99', mark_price: '99' });
    expect(p.u_pnl.toFixed()).toBe('4');
    // Sell 0.5 at 101 (taker fee 0.02525): (101 − 97) × 0.5 − 0.02525 = 1.97475 realised.
    p = applyFill(p, fill('sell', '0.5', '101', '0.02525'));
    expect(text(p)).toEqual({ state: 'open', coins: '1.5', size: '145.5', avg: '97', r_pnl: '1.93595', u_pnl: '3' });
    // Close 1.5 at 95 (fee 0.07125): (95 − 97) × 1.5 − 0.07125 = −3.07125.
    p = applyFill(p, fill('sell', '1.5', '95', '0.07125'));
    expect(text(p)).toEqual({ state: 'closed', coins: '0', size: '0', avg: '97', r_pnl: '-1.1353', u_pnl: '0' });
    // The same as the cash flows: sold 193, bought 194, fees 0.1353.
    expect(positionPnl(p).toFixed()).toBe('-1.1353');
  });

  it('keep coins × price within the fees of the size, and the average at the price scale', () => {
    let p = applyFill(newPosition('long'), fill('buy', '1', '10', '0'));
    p = applyFill(p, fill('buy', '2', '10.01', '0'));
    // 30.02 / 3 = 10.00666…, kept to 12 decimals; the size is coins × that, to 8.
    expect(p.avg_e_price?.toFixed()).toBe('10.006666666667');
    expect(p.active_p_size_usd.toFixed()).toBe('30.02');
  });

  it('refuse to sell more than is held or to trade a closed position', () => {
    const p = applyFill(newPosition('long'), fill('buy', '1', '10', '0'));
    expect(() => applyFill(p, fill('sell', '1.1', '10', '0'))).toThrow(/exceeds the 1 coins held/);
    const closed = applyFill(p, fill('sell', '1', '11', '0'));
    expect(closed.r_pnl.toFixed()).toBe('1');
    expect(() => applyFill(closed, fill('buy', '1', '10', '0'))).toThrow(/closed position/);
    expect(() => applyFill(p, fill('buy', '0', '10', '0'))).toThrow(/above 0/);
  });
});

describe('short positions', () => {
  it('gain as the price falls', () => {
    // Sell 2 at 50 (fee 0.02), 1 at 53 (fee 0.0106): average 153 / 3 = 51.
    let p = applyFill(newPosition('short'), fill('sell', '2', '50', '0.02'));
    p = applyFill(p, fill('sell', '1', '53', '0.0106'));
    expect(text(p)).toMatchObject({ coins: '3', size: '153', avg: '51', r_pnl: '-0.0306' });
    // Marked at 49: (49 − 51) × 3 × −1 = 6.
    p = markPosition(p, { current_price: '49.1', mark_price: '49' });
    expect([p.u_pnl.toFixed(), p.current_price?.toFixed()]).toEqual(['6', '49.1']);
    // Buy back 3 at 48 (fee 0.072): (48 − 51) × 3 × −1 − 0.072 = 8.928.
    p = applyFill(p, fill('buy', '3', '48', '0.072'));
    expect(text(p)).toEqual({ state: 'closed', coins: '0', size: '0', avg: '51', r_pnl: '8.8974', u_pnl: '0' });
  });
});
