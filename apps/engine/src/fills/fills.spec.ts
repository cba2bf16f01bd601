import { describe, expect, it } from 'vitest';
import type { OrderSide, TimeInForce } from '@console/contracts';
import type { Candle } from '../market/candle';
import { dec } from '../money';
import { DEFAULT_FILL_SETTINGS, fillMarket, fillOnCandle, openOrderValue, orderAfterFill, placeLimit, slippageRate, type LimitOrder } from './fills';

const S = DEFAULT_FILL_SETTINGS; // maker 0.02 %, taker 0.05 %, slippage 0.05 % capped at 1 %
const order = (direction: OrderSide, price: string, quantity: string, time_in_force: TimeInForce = 'GTC', filled = '0'): LimitOrder => ({
  direction,
  price: dec(price),
  quantity: dec(quantity),
  filled_quantity: dec(filled),
  time_in_force,
});
const candle = (low: number, high: number, volume = 1000): Candle => ({ at: 0, open: low, high, low, close: high, volume });
const text = (fill: { price: { toFixed(): string }; quantity: { toFixed(): string }; fee: { toFixed(): string }; liquidity: string } | null) =>
  fill && { price: fill.price.toFixed(), quantity: fill.quantity.toFixed(), fee: fill.fee.toFixed(), liquidity: fill.liquidity };

describe('limit orders', () => {
  it('rest until a candle reaches their price, then fill there as maker', () => {
    const buy = order('buy', '100', '2');
    expect(placeLimit(buy, 101, S)).toEqual({ outcome: 'rests' });
    expect(fillOnCandle(buy, candle(100.5, 101.2), S)).toBeNull();
    // 100 × 2 × 0.0002 = 0.04, at the order's price even though the candle went lower.
    expect(text(fillOnCandle(buy, candle(99.8, 100.9), S))).toEqual({ price: '100', quantity: '2', fee: '0.04', liquidity: 'maker' });

    const sell = order('sell', '105', '2');
    expect(fillOnCandle(sell, candle(103, 104.99), S)).toBeNull();
    // Touching the price is enough: 105 × 2 × 0.0002 = 0.042.
    expect(text(fillOnCandle(sell, candle(103, 105), S))).toEqual({ price: '105', quantity: '2', fee: '0.042', liquidity: 'maker' });
  });

  it('fill at once as taker at the current price when they cross on placement', () => {
    // A buy at 102 with the market at 101 takes at 101: 101 × 2 × 0.0005 = 0.101.
    const placed = placeLimit(order('buy', '102', '2'), 101, S);
    expect(placed.outcome === 'fills' && text(placed.fill)).toEqual({ price: '101', quantity: '2', fee: '0.101', liquidity: 'taker' });
    const sell = placeLimit(order('sell', '100', '1.5', 'FOK'), '100', S);
    expect(sell.outcome === 'fills' && text(sell.fill)).toEqual({ price: '100', quantity: '1.5', fee: '0.075', liquidity: 'taker' });
  });

  it('post-only refuses to cross; IOC and FOK never rest', () => {
    expect(placeLimit(order('sell', '100', '1', 'GTX'), 100.5, S)).toEqual({ outcome: 'expires' });
    expect(placeLimit(order('sell', '101', '1', 'GTX'), 100.5, S)).toEqual({ outcome: 'rests' });
    expect(placeLimit(order('buy', '99', '1', 'IOC'), 100, S)).toEqual({ outcome: 'expires' });
  });

  it('fill in parts when a candle has less volume than the order may take', () => {
    const settings = { ...S, volume_share: dec('0.1') };
    const sell = order('sell', '105', '2');
    const first = fillOnCandle(sell, candle(104, 106, 5), settings);
    expect(text(first)).toEqual({ price: '105', quantity: '0.5', fee: '0.0105', liquidity: 'maker' });
    const after = orderAfterFill(sell, first!);
    expect([after.filled_quantity.toFixed(), after.status, after.state]).toEqual(['0.5', 'PARTIALLY_FILLED', 'PARTIALLY_FILLED']);
    const rest = { ...sell, filled_quantity: after.filled_quantity };
    expect(openOrderValue(rest).toFixed()).toBe('157.5');
    const second = fillOnCandle(rest, candle(104, 106, 30), settings);
    expect(second?.quantity.toFixed()).toBe('1.5');
    const done = orderAfterFill(rest, second!);
    expect([done.filled_quantity.toFixed(), done.status]).toEqual(['2', 'FILLED']);
    expect(openOrderValue({ ...rest, filled_quantity: done.filled_quantity }).toFixed()).toBe('0');
    expect(() => orderAfterFill(rest, { ...second!, quantity: dec('1.6') })).toThrow(/exceed/);
  });

  it('rounds fees to the money scale', () => {
    // 0.123457 × 3 × 0.0002 = 0.0000740742 → 0.00007407.
    expect(fillOnCandle(order('buy', '0.123457', '3'), candle(0.12, 0.13), S)?.fee.toFixed()).toBe('0.00007407');
  });
});

describe('market orders', () => {
  it('fill at the price moved by the slippage, which grows with the order’s share of the volume', () => {
    // 0.5 of a minute volume of 10: 0.0005 × 1.05 = 0.000525; 60,000 × 1.000525 = 60,031.5.
    const buy = fillMarket('buy', dec('0.5'), 60000, { tickDecimals: 1, volume: 10 }, S);
    // Fee 60,031.5 × 0.5 × 0.0005 = 15.007875.
    expect(text(buy)).toEqual({ price: '60031.5', quantity: '0.5', fee: '15.007875', liquidity: 'taker' });
    expect(fillMarket('sell', dec('0.5'), 60000, { tickDecimals: 1, volume: 10 }, S).price.toFixed()).toBe('59968.5');
    // Ten times the volume: 0.0005 × 11 = 0.55 %.
    expect(fillMarket('buy', dec('100'), 60000, { tickDecimals: 1, volume: 10 }, S).price.toFixed()).toBe('60330');
    // Unknown volume: the plain rate.
    expect(slippageRate(dec('100'), null, S).toFixed()).toBe('0.0005');
  });

  it('never slip past the cap, and round to the tick against the order', () => {
    expect(slippageRate(dec('1000'), 10, S).toFixed()).toBe('0.01');
    expect(fillMarket('buy', dec('1000'), 60000, { tickDecimals: 1, volume: 10 }, S).price.toFixed()).toBe('60600');
    // 0.123456 × 1.0005 = 0.123517728 → up to 0.123518; × 0.9995 = 0.123394272 → down to 0.123394.
    expect(fillMarket('buy', dec('1'), '0.123456', { tickDecimals: 6, volume: null }, S).price.toFixed()).toBe('0.123518');
    expect(fillMarket('sell', dec('1'), '0.123456', { tickDecimals: 6, volume: null }, S).price.toFixed()).toBe('0.123394');
    expect(() => fillMarket('sell', dec('0'), 1, { tickDecimals: 2, volume: null }, S)).toThrow(/above 0/);
  });
});
