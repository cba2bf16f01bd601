import { describe, expect, it } from 'vitest';
import { defaultPerm, type Level } from '@console/contracts';
import { continueDraftPath, strategyDetailActions, strategyListActions, strategyStatusAction, strategyStatusLabel } from './strategy-rules';

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

describe('strategyStatusLabel', () => {
  it('reads starting or stopping while the engine confirms, the status otherwise', () => {
    expect(strategyStatusLabel('active', 'CHANGING')).toEqual({ label: 'starting', pending: true });
    expect(strategyStatusLabel('stopping', 'CHANGING')).toEqual({ label: 'stopping', pending: true });
    expect(strategyStatusLabel('active', 'NONE')).toEqual({ label: 'active', pending: false });
    expect(strategyStatusLabel(undefined, 'NONE')).toBeNull();
  });
});

describe('strategyDetailActions', () => {
  it('edits a stopped profile with write on profile_settings; the status button needs write on profiles', () => {
    expect(strategyDetailActions(profiles('Full'), settings('Full'), 'inactive')).toEqual({ edit: true, statusAction: true });
    expect(strategyDetailActions(profiles('Full'), settings('Full'), 'active')).toEqual({ edit: false, statusAction: true });
    expect(strategyDetailActions(profiles('ReadOnly'), settings('ReadOnly'), 'draft')).toEqual({ edit: false, statusAction: false });
    expect(strategyDetailActions(profiles('Limited'), settings('Limited'), 'draft')).toEqual({ edit: true, statusAction: true });
  });
});
