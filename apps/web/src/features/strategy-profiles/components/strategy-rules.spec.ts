import { describe, expect, it } from 'vitest';
import { defaultPerm, type Level } from '@console/contracts';
import { continueDraftPath, strategyListActions, strategyStatusAction } from './strategy-rules';

const profiles = (status: Level, fields: string[] = [], filtering = true) => ({ ...defaultPerm('profiles', status), fields, filtering });
const settings = (status: Level) => defaultPerm('profile_settings', status);

describe('strategyStatusAction', () => {
  it('stops an active profile and starts an inactive or stopping one', () => {
    expect(strategyStatusAction('active')).toEqual({ label: 'Stop', command: 'stop' });
    expect(strategyStatusAction('inactive')).toEqual({ label: 'Start', command: 'start' });
    expect(strategyStatusAction('stopping')).toEqual({ label: 'Start', command: 'start' });
  });

  it('continues a draft in the wizard, and has nothing without a status', () => {
    expect(strategyStatusAction('draft')).toEqual({ label: 'Continue', command: 'continue' });
    expect(strategyStatusAction(undefined)).toBeNull();
    expect(continueDraftPath(7)).toBe('/strategy-profiles/add-strategy-profile?id=7');
  });
});

describe('strategyListActions', () => {
  it('offers everything at Full', () => {
    expect(strategyListActions(profiles('Full'), settings('Full'))).toEqual({
      add: true,
      visibility: true,
      statusAction: true,
      showAllToggle: true,
      directionFilter: true,
      nameLinks: true,
    });
  });

  it('hides Add, the action button and the checkbox at ReadOnly, keeping the filters', () => {
    expect(strategyListActions(profiles('ReadOnly'), settings('ReadOnly'))).toEqual({
      add: false,
      visibility: false,
      statusAction: false,
      showAllToggle: true,
      directionFilter: true,
      nameLinks: true,
    });
  });

  it('gates Add and visibility by the group’s fields at Limited', () => {
    const bare = strategyListActions(profiles('Limited', ['title', 'status']), settings('Full'));
    expect(bare).toMatchObject({ add: false, visibility: false, statusAction: true, showAllToggle: false, directionFilter: false });
    const open = strategyListActions(profiles('Limited', ['title', 'status', 'add', 'is_show', 'profile_direction']), settings('Full'));
    expect(open).toMatchObject({ add: true, visibility: true, showAllToggle: true, directionFilter: true });
  });

  it('keeps the filters away when filtering is off', () => {
    expect(strategyListActions(profiles('Limited', ['is_show', 'profile_direction'], false), settings('Full'))).toMatchObject({ showAllToggle: false, directionFilter: false });
  });

  it('links the name only when profile_settings is not NP', () => {
    expect(strategyListActions(profiles('Full'), settings('NP')).nameLinks).toBe(false);
    expect(strategyListActions(profiles('Full'), settings('Limited')).nameLinks).toBe(true);
  });
});
