import { describe, expect, it } from 'vitest';
import { defaultPerm } from '@console/contracts';
import { mmListActions, mmStatusAction, mmTitleLinks } from './mm-rules';

const perm = (status: 'Full' | 'Limited' | 'ReadOnly', fields: string[] = []) => ({ ...defaultPerm('mm_profiles', status), fields });

describe('mmListActions', () => {
  it('offers everything at Full', () => {
    expect(mmListActions(perm('Full'))).toEqual({ write: true, deposit: true });
  });

  it('shows the deposit buttons at Limited only with the change_deposit field', () => {
    expect(mmListActions(perm('Limited', ['title', 'status']))).toEqual({ write: true, deposit: false });
    expect(mmListActions(perm('Limited', ['title', 'change_deposit']))).toEqual({ write: true, deposit: true });
  });

  it('offers no action at ReadOnly', () => {
    expect(mmListActions(perm('ReadOnly'))).toEqual({ write: false, deposit: false });
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
    const writer = mmListActions(perm('Full'));
    expect(mmTitleLinks('inactive', writer)).toBe(true);
    expect(mmTitleLinks('active', writer)).toBe(false);
    expect(mmTitleLinks('stopping', writer)).toBe(false);
    expect(mmTitleLinks('inactive', mmListActions(perm('ReadOnly')))).toBe(false);
  });
});
