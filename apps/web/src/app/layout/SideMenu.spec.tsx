import { LABELS, MENU_ENTRIES } from '@console/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeApi, makeUser, renderWithApp, signedInState } from '../../test/fixtures';
import { SideMenu } from './SideMenu';

function renderMenu(user = makeUser(), { open = true, path = '/logs', variant = 'permanent' as 'permanent' | 'temporary' } = {}) {
  const onLogout = vi.fn();
  const onToggle = vi.fn();
  renderWithApp(<SideMenu variant={variant} open={open} onToggle={onToggle} onLogout={onLogout} />, { api: makeApi(signedInState(user)), path });
  return { onLogout, onToggle };
}

describe('SideMenu', () => {
  it('shows every entry and Log out for a Full user', () => {
    renderMenu();
    for (const entry of MENU_ENTRIES) expect(screen.getByTestId(`menu-${entry.path}`)).toHaveTextContent(entry.label);
    expect(screen.getByTestId('menu-logout')).toHaveTextContent(LABELS.logOut);
  });

  it('hides an entry only when every section behind it is NP', () => {
    renderMenu(
      makeUser({
        mm_profiles: 'NP',
        logs: 'NP',
        groups: 'NP',
        users: 'NP',
        // one of four sections left: the entry stays
        signals: 'NP',
        orders: 'NP',
        APA: 'NP',
      }),
    );
    expect(screen.queryByTestId('menu-mmProfiles')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-logs')).not.toBeInTheDocument();
    expect(screen.queryByTestId('menu-privileges')).not.toBeInTheDocument();
    expect(screen.getByTestId('menu-signalsAndOrders')).toBeInTheDocument();
  });

  it('keeps Account Settings and Log out for a group with no permissions at all', () => {
    renderMenu({ ...makeUser(), group: { id: 2, name: 'Empty', perms: [] } });
    const entries = screen.getAllByRole('link');
    expect(entries).toHaveLength(1);
    expect(screen.getByTestId('menu-accountDetails')).toBeInTheDocument();
    expect(screen.getByTestId('menu-logout')).toBeInTheDocument();
  });

  it('highlights the active entry', () => {
    renderMenu(makeUser(), { path: '/logs' });
    expect(screen.getByTestId('menu-logs')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('menu-notifications')).not.toHaveAttribute('aria-current');
  });

  it('keeps accessible names when collapsed, and reports the toggle and Log out', async () => {
    const { onLogout, onToggle } = renderMenu(makeUser(), { open: false });
    expect(screen.getByRole('link', { name: 'Logs' })).toBeInTheDocument();
    expect(screen.queryByText('Logs')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('menu-toggle'));
    await userEvent.click(screen.getByRole('button', { name: LABELS.logOut }));
    expect(onToggle).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('as the phone drawer shows every label and closes after a choice', async () => {
    const { onToggle } = renderMenu(makeUser(), { variant: 'temporary', open: true, path: '/logs' });
    expect(screen.getByTestId('menu-notifications')).toHaveTextContent('Notifications');
    await userEvent.click(screen.getByTestId('menu-notifications'));
    expect(onToggle).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('in the permanent menu a choice leaves the menu as it is', async () => {
    const { onToggle } = renderMenu(makeUser(), { path: '/logs' });
    await userEvent.click(screen.getByTestId('menu-notifications'));
    expect(onToggle).not.toHaveBeenCalled();
  });
});
