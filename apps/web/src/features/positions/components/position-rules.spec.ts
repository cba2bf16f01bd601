import { describe, expect, it } from 'vitest';
import { defaultPerm, POSITION_MESSAGES as M, type Perm } from '@console/contracts';
import type { Position } from '../api/get-positions';
import { coefficientError, fixed, reducePercentError, rowActions, splitSelection } from './position-rules';

const limited = (fields: string[]): Perm => ({ ...defaultPerm('APA', 'Limited'), fields });

describe('position rules', () => {
  it('reduce percent: required, then more than 0 and less than 100 with 2 decimals', () => {
    expect(reducePercentError(' ')).toBe(M.reducePercentRequired);
    for (const bad of ['0', '100', '-1', 'abc', '12.345']) expect(reducePercentError(bad)).toBe(M.reducePercentRange);
    expect(reducePercentError('25')).toBe(true);
    expect(reducePercentError('99.99')).toBe(true);
  });

  it('coefficient: the spec’s four messages', () => {
    expect(coefficientError('')).toBe(M.coefficientRequired);
    expect(coefficientError('abc')).toBe(M.coefficientInvalid);
    expect(coefficientError('0.1234')).toBe(M.coefficientInvalid);
    expect(coefficientError('0')).toBe(M.coefficientMin);
    expect(coefficientError('1')).toBe(M.coefficientMax);
    expect(coefficientError('0.5')).toBe(true);
  });

  it('formats with fixed decimals and an empty mark', () => {
    expect(fixed(3, 4)).toBe('3.0000');
    expect(fixed(0.1234568, 7)).toBe('0.1234568');
    expect(fixed(null, 2)).toBe('-');
  });

  it('a lost position offers only the market close; Limited needs each gate', () => {
    const open: Position = { id: '1', state: 'open', signal_id: '10', action_state: 'NONE' };
    const lost: Position = { id: '2', state: null, signal_id: null, action_state: 'NONE' };
    const full = defaultPerm('APA', 'Full');
    expect(rowActions(full, open)).toEqual(['reduce', 'closeMarket', 'closeLimit', 'bestLimit', 'recoverKExit']);
    expect(rowActions(full, lost)).toEqual(['closeMarket']);
    expect(rowActions(full, { ...open, action_state: 'CLOSING' })).toEqual([]);
    expect(rowActions(limited(['reduce_p']), open)).toEqual(['reduce']);
    expect(rowActions(limited(['ticker']), lost)).toEqual([]);
    expect(splitSelection([open, lost])).toEqual({ signalsIds: [10], lost: [lost] });
  });
});
