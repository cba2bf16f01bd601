import { describe, expect, it } from 'vitest';
import { ACCOUNT_METRIC_FIELDS } from './positions';
import { ACCOUNT_STATS_RESOURCE, PROFILE_STATS_RESOURCE } from './stats-columns';
import { CHART_DATA_TYPES } from './stats';
import { CHART_DATA_FIGURES, figureHint, STATS_FIGURES, type StatsFigure } from './stats-figures';

describe('statistics figures', () => {
  it('give each figure a name of its own: two figures never share a header', () => {
    const names = Object.values(STATS_FIGURES).map((f) => f.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('head every statistics column with its figure’s name and tooltip', () => {
    const byName = new Map<string, StatsFigure>(Object.values(STATS_FIGURES).map((f) => [f.name, f]));
    for (const resource of [PROFILE_STATS_RESOURCE, ACCOUNT_STATS_RESOURCE]) {
      for (const column of resource.columns.filter((c) => c.tab !== undefined || ['nav', 'deposit', 'return_percent', 'qty_profiles'].includes(c.field))) {
        const figure = byName.get(column.header);
        expect(figure, `${resource.name} ${column.field}`).toBeDefined();
        expect(column.hint, `${resource.name} ${column.field}`).toBe(figureHint(figure!));
      }
    }
  });

  it('name the two account stats figures beside Res-% apart from it, and say which basis each is on', () => {
    const header = (field: string) => ACCOUNT_STATS_RESOURCE.columns.find((c) => c.field === field)!;
    expect([header('total_percent').header, header('return_percent').header]).toEqual(['Res-%', 'Return AT %']);
    expect(header('total_percent').hint).toMatch(/Closed-trade basis/);
    expect(header('return_percent').hint).toMatch(/NAV basis/);
  });

  it('define every metric of the account card and every chart data type', () => {
    for (const field of ACCOUNT_METRIC_FIELDS) expect(STATS_FIGURES[field].formula.length, field).toBeGreaterThan(0);
    for (const dataType of CHART_DATA_TYPES) expect(STATS_FIGURES[CHART_DATA_FIGURES[dataType]].name).toBe(dataType);
  });
});
