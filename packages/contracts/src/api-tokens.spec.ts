import { describe, expect, it } from 'vitest';
import { API_TOKEN_FORBIDDEN_SECTIONS, apiTokenLevelsWithin, apiTokenPerm, apiTokenPerms, defaultApiTokenPerms } from './api-tokens';
import { defaultPerm, isPermWithin, permsAll } from './perms';
import { LEVELS, SECTIONS } from './sections';

describe('a token\'s levels', () => {
  it('at request time stay within the group\'s perm, for every section, group level and token level', () => {
    for (const section of SECTIONS) {
      for (const group of LEVELS) {
        const groupPerm = { ...defaultPerm(section, group), fields: group === 'Limited' ? ['id'] : [], is_only_finished: group === 'Limited', signals_count: 30 };
        for (const token of LEVELS) {
          const { perm, readOnly } = apiTokenPerm(groupPerm, token);
          expect(isPermWithin(perm, groupPerm), `${section}: group ${group}, token ${token}`).toBe(true);
          if (API_TOKEN_FORBIDDEN_SECTIONS.includes(section) || token === 'NP') expect(perm.status).toBe('NP');
          // Read only never writes: its status is ReadOnly, or the section is marked read only.
          if (token === 'ReadOnly' && perm.status !== 'NP') expect(perm.status === 'ReadOnly' || readOnly).toBe(true);
        }
      }
    }
  });

  it('follow the group down and back up, never above the token\'s own', () => {
    const pairs = (status: (typeof LEVELS)[number]) => ({ perms: [defaultPerm('pairs', status)] });
    const token = [{ section_name: 'pairs' as const, status: 'Full' as const }];
    expect(apiTokenPerms(pairs('Full'), token).perms.find((p) => p.section_name === 'pairs')?.status).toBe('Full');
    expect(apiTokenPerms(pairs('ReadOnly'), token).perms.find((p) => p.section_name === 'pairs')?.status).toBe('ReadOnly');
    expect(apiTokenPerms(pairs('NP'), token).perms.find((p) => p.section_name === 'pairs')?.status).toBe('NP');
    const readOnly = [{ section_name: 'pairs' as const, status: 'ReadOnly' as const }];
    expect(apiTokenPerms(pairs('Full'), readOnly).perms.find((p) => p.section_name === 'pairs')?.status).toBe('ReadOnly');
  });

  it('may be given: none, read only where the group reads, the group\'s own where it writes; nothing on users or groups', () => {
    expect(apiTokenLevelsWithin('pairs', 'Full')).toEqual(['Full', 'ReadOnly', 'NP']);
    expect(apiTokenLevelsWithin('logs', 'Limited')).toEqual(['Limited', 'ReadOnly', 'NP']);
    expect(apiTokenLevelsWithin('pairs', 'ReadOnly')).toEqual(['ReadOnly', 'NP']);
    expect(apiTokenLevelsWithin('pairs', 'NP')).toEqual(['NP']);
    expect(apiTokenLevelsWithin('users', 'Full')).toEqual(['NP']);
    expect(apiTokenLevelsWithin('groups', 'Full')).toEqual(['NP']);
    expect(defaultApiTokenPerms({ perms: permsAll('Full') }).map((p) => p.section_name)).toEqual(SECTIONS.filter((s) => s !== 'users' && s !== 'groups'));
    expect(new Set(defaultApiTokenPerms({ perms: permsAll('Full') }).map((p) => p.status))).toEqual(new Set(['ReadOnly']));
  });
});
