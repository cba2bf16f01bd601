import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, permsAll, type Perm } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { GroupFormPage } from './GroupFormPage';

const levelsOffered = async (section: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: `${section} permission` }));
  const offered = screen.getAllByRole('option').filter((o) => o.getAttribute('aria-disabled') !== 'true').map((o) => o.textContent);
  await userEvent.keyboard('{Escape}');
  return offered;
};

describe('GroupFormPage', () => {
  it("offers each section only the levels within the editor's own, and starts a new group there", async () => {
    const fetch = fakeFetch((method, path, body) => (method === 'POST' && path === '/users/groups/' ? [201, { id: 5, users_count: 0, ...(body as object) }] : [404, {}]));
    const editor = makeUser({ logs: 'Limited', signals: 'ReadOnly', notifications: 'NP' });
    renderWithApp(<GroupFormPage />, { api: makeApi(signedInState(editor), fetch), path: '/privileges-add' });

    expect(await levelsOffered('Logs')).toEqual(['NP', 'Limited']);
    expect(await levelsOffered('Signals')).toEqual(['NP', 'ReadOnly']);
    expect(await levelsOffered('Notifications')).toEqual(['NP']);
    expect(await levelsOffered('Pairs')).toEqual(['Full', 'NP', 'ReadOnly']);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.groupNameRequired)).toBeInTheDocument();
    expect(fetch.calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name'), ' Auditors ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    const sent = fetch.calls[0].body as { name: string; perms: Perm[] };
    expect(sent.name).toBe('Auditors');
    const level = (section: string) => sent.perms.find((p) => p.section_name === section)?.status;
    expect([level('logs'), level('signals'), level('notifications'), level('pairs')]).toEqual(['Limited', 'ReadOnly', 'NP', 'Full']);
  });

  it('loads the group it edits and saves it with PUT', async () => {
    const group = { id: 4, name: 'Operators', users_count: 1, perms: permsAll('ReadOnly') };
    const fetch = fakeFetch((method, path, body) => {
      if (method === 'GET' && path === '/users/groups/4/') return [200, group];
      if (method === 'PUT' && path === '/users/groups/4/') return [200, { ...group, ...(body as object) }];
      return [404, {}];
    });
    renderWithApp(<GroupFormPage />, { api: makeApi(signedInState(makeUser()), fetch), path: '/privileges-add?id=4' });
    expect(await screen.findByDisplayValue('Operators')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Logs permission' }));
    await userEvent.click(screen.getByRole('option', { name: 'NP' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = fetch.calls.find((c) => c.method === 'PUT')?.body as { perms: Perm[] };
    expect(sent.perms.find((p) => p.section_name === 'logs')).toMatchObject({ status: 'NP', filtering: false, sorting: false });
    expect(sent.perms.find((p) => p.section_name === 'signals')?.status).toBe('ReadOnly');
  });

  it('ticking the skip_check_k_exit gate of a Limited APA group ticks the two fields it writes, and unticking one takes the gate off', async () => {
    const fetch = fakeFetch((method, path, body) => (method === 'POST' && path === '/users/groups/' ? [201, { id: 6, users_count: 0, ...(body as object) }] : [404, {}]));
    renderWithApp(<GroupFormPage />, { api: makeApi(signedInState(makeUser()), fetch), path: '/privileges-add' });
    await userEvent.click(screen.getByRole('combobox', { name: 'APA permission' }));
    await userEvent.click(screen.getByRole('option', { name: 'Limited' }));
    await userEvent.click(screen.getByRole('button', { name: 'Configure APA' }));
    const box = (field: string) => screen.getByRole('checkbox', { name: field });
    expect(screen.getByText('skip_check_k_exit also makes skip_check_by_timer and skip_check_by_distance visible: its action writes them.')).toBeInTheDocument();
    await userEvent.click(box('skip_check_k_exit'));
    expect([box('skip_check_k_exit'), box('skip_check_by_timer'), box('skip_check_by_distance')].map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true]);
    await userEvent.click(box('skip_check_by_timer'));
    expect([box('skip_check_k_exit'), box('skip_check_by_timer'), box('skip_check_by_distance')].map((b) => (b as HTMLInputElement).checked)).toEqual([false, false, true]);
    await userEvent.click(box('skip_check_k_exit'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Skippers');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.calls).toHaveLength(1));
    const apa = (fetch.calls[0].body as { perms: Perm[] }).perms.find((p) => p.section_name === 'APA');
    expect(apa).toMatchObject({ status: 'Limited' });
    expect([...apa!.fields].sort()).toEqual(['skip_check_by_distance', 'skip_check_by_timer', 'skip_check_k_exit']);
  });
});
