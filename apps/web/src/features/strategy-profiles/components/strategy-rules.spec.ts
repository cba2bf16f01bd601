import { describe, expect, it } from 'vitest';
import { defaultPerm, type Level, type Perm } from '@console/contracts';
import { continueDraftPath, shownStatusAction, strategyDetailActions, strategyListActions, strategyStatusAction, strategyStatusLabel } from './strategy-rules';

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
  const group = (...perms: Perm[]) => ({ perms });
  /** What the wizard's route also needs: an MM profile to pick and settings to save. */
  const wizardToo = [defaultPerm('mm_profiles', 'ReadOnly'), settings('Full')];

  it('offers everything at Full', () => {
    expect(strategyListActions(group(profiles('Full'), ...wizardToo))).toEqual({
      add: true,
      visibility: true,
      statusAction: true,
      continueDraft: true,
      showAllToggle: true,
      directionFilter: true,
      nameLinks: true,
    });
  });

  it('hides Add, the action button and the checkbox at ReadOnly, keeping the filters', () => {
    expect(strategyListActions(group(profiles('ReadOnly'), settings('ReadOnly')))).toEqual({
      add: false,
      visibility: false,
      statusAction: false,
      continueDraft: false,
      showAllToggle: true,
      directionFilter: true,
      nameLinks: true,
    });
  });

  it('gates Add and visibility by the declared actions at Limited; Add also needs the title it sends', () => {
    const bare = strategyListActions(group(profiles('Limited', ['title', 'status']), settings('Full')));
    expect(bare).toMatchObject({ add: false, visibility: false, statusAction: true, showAllToggle: false, directionFilter: false });
    const open = strategyListActions(group(profiles('Limited', ['title', 'status', 'add', 'is_show', 'profile_direction']), settings('Full')));
    expect(open).toMatchObject({ add: true, visibility: true, showAllToggle: true, directionFilter: true });
    expect(strategyListActions(group(profiles('Limited', ['add'])))).toMatchObject({ add: false });
  });

  it('offers Continue only where the wizard opens: its fields, settings write and the MM profiles to pick', () => {
    const wizardFields = ['add', 'title', 'template', 'mm_profile', 'tickers', 'status'];
    expect(strategyListActions(group(profiles('Limited', wizardFields), ...wizardToo)).continueDraft).toBe(true);
    expect(strategyListActions(group(profiles('Limited', wizardFields.slice(0, -1)), ...wizardToo)).continueDraft).toBe(false);
    expect(strategyListActions(group(profiles('Full'), settings('ReadOnly'), defaultPerm('mm_profiles', 'Full'))).continueDraft).toBe(false);
    expect(strategyListActions(group(profiles('Full'), settings('Full'))).continueDraft).toBe(false);
  });

  it('keeps the filters away when filtering is off', () => {
    expect(strategyListActions(group(profiles('Limited', ['is_show', 'profile_direction'], false), settings('Full')))).toMatchObject({ showAllToggle: false, directionFilter: false });
  });

  it('links the name only when the profile page opens: profile_settings and profiles readable', () => {
    expect(strategyListActions(group(profiles('Full'), settings('NP'))).nameLinks).toBe(false);
    expect(strategyListActions(group(profiles('Full'), settings('Limited'))).nameLinks).toBe(true);
    expect(strategyListActions(group(settings('Full'))).nameLinks).toBe(false);
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
  const group = (...perms: Perm[]) => ({ perms });
  it('edits a stopped profile with write on profile_settings; the status button needs write on profiles', () => {
    expect(strategyDetailActions(group(profiles('Full'), settings('Full')), 'inactive')).toMatchObject({ edit: true, statusAction: true });
    expect(strategyDetailActions(group(profiles('Full'), settings('Full')), 'active')).toMatchObject({ edit: false, statusAction: true });
    expect(strategyDetailActions(group(profiles('ReadOnly'), settings('ReadOnly')), 'draft')).toMatchObject({ edit: false, statusAction: false });
    expect(strategyDetailActions(group(profiles('Limited'), settings('Limited')), 'draft')).toMatchObject({ edit: true, statusAction: true });
  });

  it('shows Continue only where the wizard opens, Start and Stop to any profiles writer', () => {
    const noWizard = strategyDetailActions(group(profiles('Full'), settings('ReadOnly')), 'draft');
    expect(shownStatusAction('draft', noWizard)).toBeNull();
    expect(shownStatusAction('inactive', noWizard)).toEqual({ label: 'Start', command: 'start' });
    const wizard = strategyDetailActions(group(profiles('Full'), settings('Full'), defaultPerm('mm_profiles', 'ReadOnly')), 'draft');
    expect(shownStatusAction('draft', wizard)).toEqual({ label: 'Continue', command: 'continue' });
  });
});
