import { describe, expect, it } from 'vitest';
import { defaultPerm, type Perm } from '@console/contracts';
import { mmListActions, mmStatusAction, mmTitleLinks } from './mm-rules';

const perm = (status: 'Full' | 'Limited' | 'ReadOnly', fields: string[] = []) => ({ ...defaultPerm('mm_profiles', status), fields });
const group = (...perms: Perm[]) => ({ perms });
const accounts = defaultPerm('exchange_account', 'ReadOnly');

describe('mmListActions', () => {
  it('offers everything at Full, the form with the exchange accounts its account list reads', () => {
    expect(mmListActions(group(perm('Full'), accounts))).toEqual({ write: true, visibility: true, statusAction: true, form: true, deposit: true });
    expect(mmListActions(group(perm('Full')))).toMatchObject({ form: false });
  });

  it('shows the deposit buttons at Limited only with the change_deposit field', () => {
    expect(mmListActions(group(perm('Limited', ['title', 'status'])))).toMatchObject({ write: true, deposit: false });
    expect(mmListActions(group(perm('Limited', ['title', 'change_deposit'])))).toMatchObject({ write: true, deposit: true });
  });

  it('at Limited offers only controls whose fields the group holds: visibility, Start/Stop, the form', () => {
    expect(mmListActions(group(perm('Limited', ['title', 'status']), accounts))).toEqual({ write: true, visibility: false, statusAction: true, form: false, deposit: false });
    expect(mmListActions(group(perm('Limited', ['is_show']), accounts))).toMatchObject({ visibility: true, statusAction: false, form: false });
    const formFields = ['title', 'max_signals_amount', 'max_factor_amount', 'all_signals_quota', 'exchange_account'];
    expect(mmListActions(group(perm('Limited', formFields), accounts)).form).toBe(true);
  });

  it('offers no action at ReadOnly', () => {
    expect(mmListActions(group(perm('ReadOnly'), accounts))).toEqual({ write: false, visibility: false, statusAction: false, form: false, deposit: false });
  });
});

describe('mmStatusAction', () => {
  it('starts an inactive profile and stops an active one', () => {
    expect(mmStatusAction('inactive')).toEqual({ label: 'Start', target: 'active', disabled: false });
    expect(mmStatusAction('active')).toEqual({ label: 'Stop', target: 'inactive', disabled: false });
  });

  it('keeps Stop disabled while stopping, and has nothing for a draft', () => {
    expect(mmStatusAction('stopping')).toEqual({ label: 'Stop', target: 'inactive', disabled: true });
    expect(mmStatusAction('draft')).toBeNull();
  });
});

describe('mmTitleLinks', () => {
  it('links only an inactive profile, and not at ReadOnly', () => {
    const writer = mmListActions(group(perm('Full'), accounts));
    expect(mmTitleLinks('inactive', writer)).toBe(true);
    expect(mmTitleLinks('active', writer)).toBe(false);
    expect(mmTitleLinks('stopping', writer)).toBe(false);
    expect(mmTitleLinks('inactive', mmListActions(group(perm('ReadOnly'), accounts)))).toBe(false);
    expect(mmTitleLinks('inactive', mmListActions(group(perm('Full'))))).toBe(false);
  });
});
