import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultPerm, PROFILE_STATS_RESOURCE } from '@console/contracts';
import { declaredColumns } from './declared-columns';

const TITLE = 'A strategy profile with a very long title that a table cell cuts';

describe('declared columns', () => {
  it('cuts a column named in `ellipsis` to one line and shows the whole text on hover', async () => {
    const columns = declaredColumns(PROFILE_STATS_RESOURCE, { ...defaultPerm('profiles_stats'), status: 'Full' }, { ellipsis: ['profile_title'] });
    const title = columns.find((c) => c.field === 'profile_title');
    render(<>{title?.render?.({ id: 1, profile_title: TITLE })}</>);
    const shown = screen.getByText(TITLE);
    // jsdom lays nothing out: the widths a browser would measure for a cut line.
    Object.defineProperty(shown, 'scrollWidth', { value: 600 });
    Object.defineProperty(shown, 'clientWidth', { value: 160 });
    await userEvent.hover(shown);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TITLE);
  });

  it('writes other columns as plain text in their format', () => {
    const columns = declaredColumns(PROFILE_STATS_RESOURCE, { ...defaultPerm('profiles_stats'), status: 'Full' }, { ellipsis: ['profile_title'] });
    const profileId = columns.find((c) => c.field === 'profile_id');
    expect(profileId?.render?.({ id: 1, profile_id: 7 })).toBe('7');
  });
});
