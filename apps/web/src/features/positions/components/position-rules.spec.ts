import { describe, expect, it } from 'vitest';
import { defaultPerm, POSITION_MESSAGES as M, SIGNAL_MESSAGES, type Perm } from '@console/contracts';
import type { Position } from '../api/get-positions';
import { coefficientError, reducePercentError, rowActions, splitSelection } from './position-rules';

const limited = (fields: string[]): Perm => ({ ...defaultPerm('APA', 'Limited'), fields });

describe('position rules', () => {
  it('reduce percent: required, then more than 0 and less than 100 with 2 decimals', () => {
    expect(reducePercentError(' ')).toBe(M.reducePercentRequired);
    for (const bad of ['0', '100', '-1', 'abc', '12.345']) expect(reducePercentError(bad)).toBe(M.reducePercentRange);
    expect(reducePercentError('25')).toBe(true);
    expect(reducePercentError('99.99')).toBe(true);
  });

  it('coefficient: the spec’s four messages', () => {
    expect(coefficientError('')).toBe(SIGNAL_MESSAGES.coefficientRequired);
    expect(coefficientError('abc')).toBe(SIGNAL_MESSAGES.coefficientInvalid);
    expect(coefficientError('0.1234')).toBe(SIGNAL_MESSAGES.coefficientInvalid);
    expect(coefficientError('0')).toBe(SIGNAL_MESSAGES.coefficientMin);
    expect(coefficientError('1')).toBe(SIGNAL_MESSAGES.coefficientMax);
    expect(coefficientError('0.5')).toBe(true);
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

  it('the closes need the signal they address; a Limited row without state is lost by its missing signal', () => {
    const full = defaultPerm('APA', 'Full');
    expect(rowActions(full, { id: '1', state: 'open', signal_id: undefined, action_state: 'NONE' })).toEqual(['reduce', 'recoverKExit']);
    expect(rowActions(limited(['close_market']), { id: '2', signal_id: null })).toEqual(['closeMarket']);
    expect(splitSelection([{ id: '2', signal_id: null }])).toEqual({ signalsIds: [], lost: [{ id: '2', signal_id: null }] });
    expect(rowActions(limited(['close_market', 'best_limit']), { id: '3', signal_id: '30' })).toEqual(['closeMarket', 'closeLimit', 'bestLimit']);
  });
});
