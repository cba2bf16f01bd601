import { describe, expect, it } from 'vitest';
import {
  arePermsWithin,
  canRead,
  canWrite,
  completePerms,
  defaultPerm,
  isFieldAllowed,
  isExportStillVisible,
  isFullOnEverything,
  isLevelWithin,
  isPermWithin,
  levelsWithin,
  levelOf,
  newGroupPerms,
  normalizePerm,
  permOf,
  permsAll,
  projectRow,
  type Perm,
} from './perms';
import { ALLOWED_LEVELS, identityKeysOf, SECTIONS } from './sections';

describe('permOf', () => {
  it('reads an empty perms list as NP everywhere', () => {
    for (const s of SECTIONS) expect(levelOf({ perms: [] }, s)).toBe('NP');
    expect(levelOf(null, 'logs')).toBe('NP');
  });

  it('gives an absent section the spec defaults', () => {
    const perm = permOf({ perms: [{ section_name: 'logs', status: 'Full' }] }, 'signals');
    expect(perm).toEqual({ ...defaultPerm('signals'), status: 'NP' });
    expect(perm.filtering).toBe(true);
    expect(perm.sorting).toBe(true);
    expect(perm.is_only_finished).toBe(false);
    expect(perm.signals_count).toBe(200);
  });

  it('fills missing keys of a present section with defaults', () => {
    const perm = permOf({ perms: [{ section_name: 'logs', status: 'Limited', fields: ['type'] }] }, 'logs');
    expect(perm.fields).toEqual(['type']);
    expect(perm.filtering).toBe(true);
  });
});

describe('read and write', () => {
  const holder = {
    perms: [
      { section_name: 'logs' as const, status: 'Limited' as const },
      { section_name: 'signals' as const, status: 'ReadOnly' as const },
      { section_name: 'users' as const, status: 'Full' as const },
      { section_name: 'groups' as const, status: 'NP' as const },
    ],
  };
  it('NP refuses both, ReadOnly refuses writes, Limited and Full allow both', () => {
    expect([canRead(holder, 'groups'), canWrite(holder, 'groups')]).toEqual([false, false]);
    expect([canRead(holder, 'signals'), canWrite(holder, 'signals')]).toEqual([true, false]);
    expect([canRead(holder, 'logs'), canWrite(holder, 'logs')]).toEqual([true, true]);
    expect([canRead(holder, 'users'), canWrite(holder, 'users')]).toEqual([true, true]);
  });
});

describe('fields', () => {
  const limited = { ...defaultPerm('logs', 'Limited'), fields: ['type', 'pair_name'] };
  it('Limited opens only listed fields and id', () => {
    expect(isFieldAllowed(limited, 'type')).toBe(true);
    expect(isFieldAllowed(limited, 'id')).toBe(true);
    expect(isFieldAllowed(limited, 'log_data')).toBe(false);
  });
  it('projectRow drops the rest', () => {
    expect(projectRow(limited, { id: 1, type: 'user', pair_name: 'BTC', log_data: { a: 1 } })).toEqual({
      id: 1,
      type: 'user',
      pair_name: 'BTC',
    });
  });
  it('projectRow with a map keeps a key only when the field it shows is open, and the id always', () => {
    const option = { id: 7, title: 'Alpha', extra: 1 };
    expect(projectRow(limited, option, { title: 'profile_title' })).toEqual({ id: 7 });
    expect(projectRow({ ...limited, fields: ['profile_title'] }, option, { title: 'profile_title' })).toEqual({ id: 7, title: 'Alpha' });
    // The key's own name opens nothing under a map: `type` is a field here, but not mapped.
    expect(projectRow(limited, { id: 1, type: 'user' }, {})).toEqual({ id: 1 });
  });
  it('a Limited projection keeps the section’s identity keys: a position row keeps the signal its closes address', () => {
    const apa = { ...defaultPerm('APA', 'Limited'), fields: ['ticker'] };
    const row = { id: '7', signal_id: '42', ticker: 'BTCUSDT', u_pnl: 3 };
    expect(projectRow(apa, row)).toEqual({ id: '7', signal_id: '42', ticker: 'BTCUSDT' });
    expect(identityKeysOf('APA')).toEqual(['id', 'signal_id']);
    // Elsewhere signal_id is a column like any other: the logs group above did not open it.
    expect(identityKeysOf('logs')).toEqual(['id']);
    expect(isFieldAllowed(limited, 'signal_id')).toBe(false);
  });
  it('Full and ReadOnly keep every field; NP none', () => {
    const row = { id: 1, secret_looking: 'x' };
    expect(projectRow(defaultPerm('logs', 'Full'), row)).toEqual(row);
    expect(projectRow(defaultPerm('signals', 'ReadOnly'), row)).toEqual(row);
    expect(isFieldAllowed(defaultPerm('logs', 'NP'), 'id')).toBe(false);
  });
});

describe('normalizePerm', () => {
  it('NP clears fields, turns off filtering and sorting, sets finished-only for signals', () => {
    const p = normalizePerm({ section_name: 'signals', status: 'NP', fields: ['pair'], filtering: true, sorting: true });
    expect(p).toMatchObject({ fields: [], filtering: false, sorting: false, is_only_finished: true });
    const logs = normalizePerm({ section_name: 'logs', status: 'NP' });
    expect(logs.is_only_finished).toBe(false);
  });
  it('other statuses turn filtering and sorting on unless given', () => {
    expect(normalizePerm({ section_name: 'logs', status: 'Limited' })).toMatchObject({ filtering: true, sorting: true });
    expect(normalizePerm({ section_name: 'logs', status: 'Limited', filtering: false })).toMatchObject({ filtering: false });
  });
  it('a change of the signals status resets signals_count to 200', () => {
    const prev = { ...defaultPerm('signals', 'Limited'), signals_count: 50 };
    expect(normalizePerm({ section_name: 'signals', status: 'Full', signals_count: 50 }, prev).signals_count).toBe(200);
    expect(normalizePerm({ section_name: 'signals', status: 'Limited', signals_count: 70 }, prev).signals_count).toBe(70);
  });
  it('keeps only fields that the section knows, and only at Limited', () => {
    expect(normalizePerm({ section_name: 'logs', status: 'Limited', fields: ['type', 'nope', 'type'] }).fields).toEqual(['type']);
    expect(normalizePerm({ section_name: 'logs', status: 'Full', fields: ['type'] }).fields).toEqual([]);
  });
});

describe('group defaults', () => {
  it('a new group is all Full and complete', () => {
    const perms = permsAll('Full');
    expect(perms).toHaveLength(SECTIONS.length);
    expect(perms.every((p) => p.status === 'Full')).toBe(true);
  });
  it('completePerms lists every section once', () => {
    const perms = completePerms({ perms: [{ section_name: 'logs', status: 'Full' }] });
    expect(perms.map((p) => p.section_name)).toEqual([...SECTIONS]);
  });
  it('completePerms reads each section as permOf does: the first entry, undefined settings as defaults, nothing else kept', () => {
    const stored = [
      { section_name: 'signals', status: 'Limited', fields: ['pair'], sorting: undefined, signals_count: 50 },
      { section_name: 'signals', status: 'Full' },
      { section_name: 'logs', status: 'ReadOnly', filtering: false, note: 'not a setting' },
    ] as Partial<Perm>[];
    const perms = completePerms({ perms: stored });
    expect(perms).toEqual(SECTIONS.map((section) => permOf({ perms: stored }, section)));
    expect(perms.find((p) => p.section_name === 'signals')).toEqual({ ...defaultPerm('signals', 'Limited'), fields: ['pair'], signals_count: 50 });
    expect(perms.find((p) => p.section_name === 'logs')).toEqual({ ...defaultPerm('logs', 'ReadOnly'), filtering: false });
  });
  it('every section allows Full and NP', () => {
    for (const s of SECTIONS) expect(ALLOWED_LEVELS[s]).toEqual(expect.arrayContaining(['Full', 'NP']));
  });
});

describe('privileges cannot be raised from inside', () => {
  const perm = (p: Partial<Perm>): Perm => ({ ...defaultPerm('logs'), ...p });
  it('orders levels: NP within all, all within Full, ReadOnly and Limited apart', () => {
    expect(isPermWithin(perm({ status: 'NP' }), perm({ status: 'NP' }))).toBe(true);
    expect(isPermWithin(perm({ status: 'Full' }), perm({ status: 'Full' }))).toBe(true);
    expect(isPermWithin(perm({ status: 'ReadOnly' }), perm({ status: 'Full' }))).toBe(true);
    expect(isPermWithin(perm({ status: 'Full' }), perm({ status: 'ReadOnly' }))).toBe(false);
    expect(isPermWithin(perm({ status: 'ReadOnly' }), perm({ status: 'Limited', fields: ['type'] }))).toBe(false);
    expect(isPermWithin(perm({ status: 'Limited', fields: ['type'] }), perm({ status: 'ReadOnly' }))).toBe(false);
  });
  it('orders bare levels the same way, and offers a section only the levels within the holder', () => {
    expect(isLevelWithin('NP', 'ReadOnly')).toBe(true);
    expect(isLevelWithin('Limited', 'Full')).toBe(true);
    expect(isLevelWithin('Limited', 'Limited')).toBe(true);
    expect(isLevelWithin('ReadOnly', 'Limited')).toBe(false);
    expect(isLevelWithin('Limited', 'ReadOnly')).toBe(false);
    expect(isLevelWithin('Full', 'Limited')).toBe(false);
    expect(levelsWithin('signals', 'Full')).toEqual(['Full', 'NP', 'Limited', 'ReadOnly']);
    expect(levelsWithin('signals', 'Limited')).toEqual(['NP', 'Limited']);
    expect(levelsWithin('users', 'NP')).toEqual(['NP']);
  });
  it("starts a new group at Full where the editor holds Full, else at the editor's own perm, always within it", () => {
    expect(newGroupPerms({ perms: permsAll('Full') })).toEqual(permsAll('Full'));
    const editor = {
      perms: [
        ...permsAll('Full').filter((p) => p.section_name !== 'logs' && p.section_name !== 'users'),
        { ...defaultPerm('logs', 'Limited'), fields: ['type'], filtering: false },
        defaultPerm('users', 'ReadOnly'),
      ],
    };
    const perms = newGroupPerms(editor);
    expect(perms.find((p) => p.section_name === 'logs')).toEqual({ ...defaultPerm('logs', 'Limited'), fields: ['type'], filtering: false });
    expect(perms.find((p) => p.section_name === 'users')?.status).toBe('ReadOnly');
    expect(perms.find((p) => p.section_name === 'groups')?.status).toBe('Full');
    expect(arePermsWithin({ perms }, editor)).toBe(true);
    expect(newGroupPerms(null).every((p) => p.status === 'NP')).toBe(true);
  });
  it('keeps signals at least as restricted: finished-only kept, a count no higher', () => {
    const signals = (p: Partial<Perm>): Perm => ({ ...defaultPerm('signals', 'ReadOnly'), ...p });
    expect(isPermWithin(signals({ is_only_finished: true, signals_count: 100 }), signals({ is_only_finished: true, signals_count: 100 }))).toBe(true);
    expect(isPermWithin(signals({ is_only_finished: false }), signals({ is_only_finished: true }))).toBe(false);
    expect(isPermWithin(signals({ signals_count: 300 }), signals({ signals_count: 200 }))).toBe(false);
    expect(isPermWithin(signals({ signals_count: 300 }), signals({ status: 'Full', signals_count: 10 }))).toBe(true);
  });
  it('a Limited perm is within another when its columns, filtering and sorting are', () => {
    const wide = perm({ status: 'Limited', fields: ['type', 'pair'], filtering: true, sorting: false });
    expect(isPermWithin(perm({ status: 'Limited', fields: ['type'], filtering: true, sorting: false }), wide)).toBe(true);
    expect(isPermWithin(perm({ status: 'Limited', fields: ['type', 'profile'], filtering: false, sorting: false }), wide)).toBe(false);
    expect(isPermWithin(perm({ status: 'Limited', fields: ['type'], filtering: true, sorting: true }), wide)).toBe(false);
  });
  it('compares whole groups section by section, and knows a full administrator', () => {
    expect(arePermsWithin({ perms: permsAll('ReadOnly') }, { perms: permsAll('Full') })).toBe(true);
    expect(arePermsWithin({ perms: permsAll('Full') }, { perms: [{ section_name: 'logs', status: 'Full' }] })).toBe(false);
    expect(isFullOnEverything({ perms: permsAll('Full') })).toBe(true);
    expect(isFullOnEverything({ perms: [{ section_name: 'logs', status: 'Full' }] })).toBe(false);
  });
});

describe('isExportStillVisible', () => {
  const signals = (fields: string[], extra: Partial<Perm> = {}): Perm => ({ ...defaultPerm('signals', 'Limited'), fields, ...extra });
  it('lets Full and ReadOnly have any file, NP none', () => {
    expect(isExportStillVisible(defaultPerm('signals', 'Full'), defaultPerm('signals', 'ReadOnly'), ['created_at', 'pnl_in_usd'])).toBe(true);
    expect(isExportStillVisible(signals(['pair']), defaultPerm('signals', 'NP'), ['pair'])).toBe(false);
  });
  it('at Limited wants every column among the fields now, and signals rows no wider than now', () => {
    expect(isExportStillVisible(signals(['pair', 'status']), signals(['pair', 'status', 'direction']), ['id', 'pair', 'status'])).toBe(true);
    expect(isExportStillVisible(signals(['pair', 'status']), signals(['pair']), ['id', 'pair', 'status'])).toBe(false);
    expect(isExportStillVisible(signals(['pair']), signals(['pair'], { is_only_finished: true }), ['pair'])).toBe(false);
    expect(isExportStillVisible(signals(['pair'], { is_only_finished: true, signals_count: 50 }), signals(['pair'], { signals_count: 100 }), ['pair'])).toBe(true);
    expect(isExportStillVisible(signals(['pair'], { signals_count: 100 }), signals(['pair'], { signals_count: 50 }), ['pair'])).toBe(false);
    expect(isExportStillVisible(defaultPerm('signals', 'Full'), signals(['pair']), ['pair'])).toBe(false);
    // No row limits outside signals: the columns decide.
    expect(isExportStillVisible(defaultPerm('profiles_stats', 'Full'), { ...defaultPerm('profiles_stats', 'Limited'), fields: ['total'] }, ['total'])).toBe(true);
  });
});
