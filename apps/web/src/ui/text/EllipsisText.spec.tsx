import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountTitle, EllipsisText } from './EllipsisText';

const TITLE = 'Binance USDT-M futures, main grid account';

describe('EllipsisText', () => {
  it('cuts an account title at 35 characters and shows the whole value on hover', async () => {
    render(<AccountTitle title={TITLE} />);
    const shown = screen.getByText(`${TITLE.slice(0, 35)}…`);
    await userEvent.hover(shown);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TITLE);
  });

  it('shows no tooltip for a value that fits, and gives the text no label or title of its own', async () => {
    render(<AccountTitle title="Futures" />);
    const shown = screen.getByText('Futures');
    await userEvent.hover(shown);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(shown).not.toHaveAttribute('aria-label');
    expect(shown).not.toHaveAttribute('title');
  });

  it('shows the whole value when the width cuts it', async () => {
    render(<EllipsisText text="a.very.long.operator.address@example.com" maxWidth={80} />);
    const shown = screen.getByText('a.very.long.operator.address@example.com');
    // jsdom lays nothing out: the widths a browser would measure for a cut line.
    Object.defineProperty(shown, 'scrollWidth', { value: 300 });
    Object.defineProperty(shown, 'clientWidth', { value: 80 });
    await userEvent.hover(shown);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('a.very.long.operator.address@example.com');
  });

  it('opens on a tap (a click) when cut', async () => {
    render(<AccountTitle title={TITLE} />);
    // A click alone, with no hover before it, as a tap on a touch screen gives.
    fireEvent.click(screen.getByText(`${TITLE.slice(0, 35)}…`));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TITLE);
  });
});
