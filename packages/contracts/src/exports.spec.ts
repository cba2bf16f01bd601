import { describe, expect, it } from 'vitest';
import { EXPORT_PATHS, exportFileDate, exportFilename, exportTaskRoute } from './exports';

const today = new Date(Date.UTC(2026, 0, 15, 23, 30));

describe('export file names', () => {
  it('carry the day as dd-MM-yyyy in UTC', () => {
    expect(exportFileDate(new Date(Date.UTC(2026, 8, 3, 0, 0)))).toBe('03-09-2026');
    expect(exportFileDate(today)).toBe('15-01-2026');
  });

  it('name the report by today when the filters have no from date', () => {
    expect(exportFilename('signals', {}, today)).toBe('Signals report 15-01-2026.xlsx');
    expect(exportFilename('profiles_stats', { status: 'active' }, today)).toBe('Profile stats report 15-01-2026.xlsx');
    // A to date alone is not a range.
    expect(exportFilename('account_stats', { created_at__lte: '2025-12-31' }, today)).toBe('Account stats report 15-01-2026.xlsx');
  });

  it('name a from_to range when a from date exists, up to today when there is no to date', () => {
    expect(exportFilename('signals', { created_at_after: '2025-12-01T00:00:00Z', created_at_before: '2025-12-31T23:59:59Z' }, today)).toBe(
      'Signals report 01-12-2025_31-12-2025.xlsx',
    );
    expect(exportFilename('profiles_stats', { created_at__gte: '2025-11-02' }, today)).toBe('Profile stats report 02-11-2025_15-01-2026.xlsx');
    expect(exportFilename('account_stats', { created_at__gte: '2025-11-02', created_at__lte: '2025-11-30' }, today)).toBe(
      'Account stats report 02-11-2025_30-11-2025.xlsx',
    );
  });

  it('reads each kind\'s own params only, and ignores a value that is not a date', () => {
    expect(exportFilename('signals', { created_at__gte: '2025-11-02' }, today)).toBe('Signals report 15-01-2026.xlsx');
    expect(exportFilename('signals', { created_at_after: 'soon' }, today)).toBe('Signals report 15-01-2026.xlsx');
  });
});

describe('export paths', () => {
  it('put each task call under its list\'s path, with the id escaped, as the API declares them', () => {
    expect(EXPORT_PATHS.signals).toMatchObject({ start: '/signals/export/signals/' });
    expect(EXPORT_PATHS.signals.result('a/b')).toBe('/signals/celery-result/a%2Fb/');
    expect(EXPORT_PATHS.profiles_stats.start).toBe('/strategies/profiles-stats/export/');
    expect(EXPORT_PATHS.profiles_stats.file('t-1')).toBe('/strategies/profiles-stats/export-file/t-1/');
    expect(EXPORT_PATHS.account_stats.cancel('t-1')).toBe('/strategies/account-stats/export-cancel/t-1/');
    expect(exportTaskRoute('cancel')).toBe('export-cancel/:id/');
    expect(`/signals/${exportTaskRoute('result').replace(':id', 'x')}`).toBe(EXPORT_PATHS.signals.result('x'));
  });
});
