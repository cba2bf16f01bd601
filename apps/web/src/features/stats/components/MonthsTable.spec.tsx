import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { figureHint, STATS_FIGURES, type MonthsRow, type MonthsStats } from '@console/contracts';
import { MonthsTable } from './MonthsTable';

const row = (period: string | null, navPercent: number, realisedPercent: number): MonthsRow => ({
  period,
  hwm: 11_100,
  deposit: 11_000,
  profit_factor: 5,
  winrate: 50,
  return_hwm: 0,
  return_hwm_percent: 0,
  return_nav: 120,
  return_nav_percent: navPercent,
  return_realized: 120,
  return_realized_percent: realisedPercent,
  reinvest_percent_realized: null,
  qty_total: 2,
  qty_profit: 1,
  qty_loss: 1,
  qty_missed: 0,
  turn_over: 4000,
});

const DATA: MonthsStats = {
  exchange_account: { id: 1, title: 'Account' },
  total: row(null, 1.08, 1.09),
  month_average: row(null, 1.08, 1.09),
  day_average: row(null, 0.04, 0.04),
  by_month: [row('2026-02-01', 1.08, 1.09)],
  summary: {
    turn_over_at_value: 0,
    turn_over_month_value: 0,
    turn_over_week_value: 0,
    turn_over_day_value: 0,
    positive_months: 100,
    best_month_return: { value: 1.08, date: '2026-02-01' },
    worst_month_return: { value: 1.08, date: '2026-02-01' },
    avg_capital_growth_rate: 1.08,
    system_is_running_days: 30,
    system_start_date: '2026-02-01T00:00:00Z',
  },
};

const cellOf = (header: string, rowIndex: number) => {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  return within(screen.getAllByRole('row')[rowIndex + 1]).getAllByRole('cell')[headers.indexOf(header)];
};

describe('MonthsTable', () => {
  it('shows the NAV month return beside the closed trades’ one, named apart, in both views', () => {
    for (const view of ['admin', 'client'] as const) {
      const { unmount } = render(<MonthsTable view={view} data={DATA} order="-period" onOrder={() => {}} />);
      // The fourth row is February, after Total and the two averages.
      expect(cellOf(STATS_FIGURES.return_month_percent.name, 3)).toHaveTextContent('1.08%');
      expect(cellOf(STATS_FIGURES.return_realized_percent.name, 3)).toHaveTextContent('1.09%');
      expect(cellOf(STATS_FIGURES.total.name, 3)).toHaveTextContent('$120.00');
      unmount();
    }
  });

  it('tells each header’s formula and basis: Return month % is the NAV’s', async () => {
    render(<MonthsTable view="admin" data={DATA} order="-period" onOrder={() => {}} />);
    await userEvent.setup().hover(screen.getByText('Return month %'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(figureHint(STATS_FIGURES.return_month_percent));
    expect(tooltip).toHaveTextContent(/NAV basis/);
  });
});
