import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, type ActionDeclaration, allowingRight, gateFieldsOf, gateWithoutItsFields, hiddenFieldWritten, mayRunAction } from './actions';
import { defaultPerm, permOf, type Perm } from './perms';
import { fieldsOf } from './sections';

const limited = (section: Perm['section_name'], fields: string[]): Perm => ({ ...defaultPerm(section, 'Limited'), fields });

describe('declared actions', () => {
  it('gate only with fields a Limited group can be given', () => {
    for (const name of ACTION_NAMES) {
      for (const right of ACTIONS[name].rights) if ('gate' in right) expect(fieldsOf(right.section)).toContain(right.gate);
    }
  });

  it('a gate brings the fields its action writes: without them at Limited it is refused, and the action could not run', () => {
    for (const name of ACTION_NAMES) {
      const declared: ActionDeclaration = ACTIONS[name];
      for (const right of ACTIONS[name].rights) for (const field of declared.writes ?? []) expect(fieldsOf(right.section)).toContain(field);
    }
    expect(gateFieldsOf('APA')).toEqual({ skip_check_k_exit: ['skip_check_by_timer', 'skip_check_by_distance'] });
    const gateAlone = limited('APA', ['skip_check_k_exit', 'skip_check_by_timer']);
    expect(gateWithoutItsFields(gateAlone)).toEqual({ gate: 'skip_check_k_exit', fields: ['skip_check_by_timer', 'skip_check_by_distance'] });
    // What the refusal saves the group from: its skip-check body would be refused for a hidden field.
    expect(hiddenFieldWritten(gateAlone, { skip_check_by_distance: true })).toBe('skip_check_by_distance');
    const whole = limited('APA', ['skip_check_k_exit', 'skip_check_by_timer', 'skip_check_by_distance']);
    expect(gateWithoutItsFields(whole)).toBeNull();
    expect(hiddenFieldWritten(whole, { skip_check_by_timer: true, skip_check_by_distance: false })).toBeNull();
    expect(gateWithoutItsFields({ ...gateAlone, status: 'Full' })).toBeNull();
  });

  it('a screen judges by its own section; the server by any right, first match deciding', () => {
    const apa = limited('APA', ['close_market']);
    expect(mayRunAction(apa, 'closeMarket')).toBe(true);
    expect(mayRunAction(apa, 'closeBestLimit')).toBe(false);
    expect(mayRunAction(defaultPerm('signals', 'Full'), 'closeBestLimit')).toBe(true);
    expect(mayRunAction(defaultPerm('signals', 'ReadOnly'), 'closeBestLimit')).toBe(false);
    expect(mayRunAction(defaultPerm('orders', 'Full'), 'closeMarket')).toBe(false);
    const both = { perms: [apa, defaultPerm('signals', 'Full')] };
    expect(allowingRight(both, 'closeMarket')?.perm.section_name).toBe('APA');
    expect(allowingRight(both, 'closeBestLimit')?.perm.section_name).toBe('signals');
    expect(allowingRight({ perms: [apa] }, 'closeBestLimit')).toBeNull();
  });

  it('finds the first body key naming a field the Limited group cannot see; parameters and aliases pass', () => {
    const mm = limited('mm_profiles', ['title', 'status']);
    expect(hiddenFieldWritten(mm, { title: 'x', status: 'active' })).toBeNull();
    expect(hiddenFieldWritten(mm, { title: 'x', max_signals_amount: 2 })).toBe('max_signals_amount');
    expect(hiddenFieldWritten(mm, { size: 5 })).toBeNull();
    expect(hiddenFieldWritten(permOf({ perms: [{ section_name: 'mm_profiles', status: 'Full' }] }, 'mm_profiles'), { is_show: true })).toBeNull();
    expect(hiddenFieldWritten(limited('APA', ['close_market']), { pair: 1, side: 'long', quantity: 1 })).toBeNull();
    expect(hiddenFieldWritten(limited('APA', []), { skip_check_by_timer: true })).toBe('skip_check_by_timer');
  });
});
