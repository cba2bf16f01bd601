import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MonthlyReturnsTable } from './MonthlyReturnsTable';

describe('MonthlyReturnsTable', () => {
  it('writes each month of the curve, the total and the average month first', () => {
    // From 10,000: January ends at 11,000 (+10 %; the point at 1 February 00:00 closes it), February at 10,450 (−5 %).
    const points = [
      { at: '2026-01-15T00:00:00Z', equity: '10500' },
      { at: '2026-02-01T00:00:00Z', equity: '11000' },
      { at: '2026-02-01T01:00:00Z', equity: '10450' },
    ];
    render(<MonthlyReturnsTable deposit="10000" points={points} />);
    const table = screen.getByTestId('monthly-returns');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Period', 'Start equity', 'End equity', 'Return, $', 'Return, %'],
      ['Total', '$10,000.00', '$10,450.00', '', '4.50%'],
      // √(1.1 · 0.95) − 1
      ['Average per month', '', '', '', '2.23%'],
      ['2026-01', '$10,000.00', '$11,000.00', '$1,000.00', '10.00%'],
      ['2026-02', '$11,000.00', '$10,450.00', '-$550.00', '-5.00%'],
    ]);
  });
});
