import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_PATHS, API_TOKEN_UI, SECTION_DISPLAY_NAMES, type ApiToken, type CreateApiToken } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { ApiTokensBlock } from './ApiTokensBlock';

const TOKEN = `tc_${'a'.repeat(43)}`;

function renderBlock() {
  let tokens: ApiToken[] = [];
  const api = fakeFetch((method, path, body) => {
    if (method === 'GET' && path === API_PATHS.apiTokens) return [200, { results: tokens }];
    if (method === 'POST' && path === API_PATHS.apiTokens) {
      const input = body as CreateApiToken;
      const row: ApiToken = { id: 5, name: input.name, prefix: TOKEN.slice(0, 11), perms: input.perms ?? [], created_at: '2026-01-15T10:00:00Z', last_used_at: null, expires_at: input.expires_at };
      tokens = [row];
      return [201, { ...row, token: TOKEN }];
    }
    if (method === 'DELETE' && path === API_PATHS.apiToken(5)) {
      tokens = [];
      return [204, undefined];
    }
    return [404, {}];
  });
  // Pairs Full, logs Limited, orders NP, users and groups Full; the rest NP.
  const user = makeUser({ pairs: 'Full', logs: 'Limited', users: 'Full', groups: 'Full' }, 'NP');
  renderWithApp(<ApiTokensBlock />, { api: makeApi(signedInState(user), api), path: '/account-details' });
  return api;
}

async function levelChoices(dialog: HTMLElement, section: keyof typeof SECTION_DISPLAY_NAMES) {
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('combobox', { name: `${SECTION_DISPLAY_NAMES[section]} level` }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return options;
}

describe('ApiTokensBlock', () => {
  it('offers a level per section the group opens, none above the group\'s, read only by default; shows the token once; revokes after a confirm', async () => {
    const api = renderBlock();
    const user = userEvent.setup();
    await screen.findByText(API_TOKEN_UI.noTokens);
    await user.click(screen.getByRole('button', { name: API_TOKEN_UI.create }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: `${SECTION_DISPLAY_NAMES.users} level` })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: `${SECTION_DISPLAY_NAMES.groups} level` })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: `${SECTION_DISPLAY_NAMES.orders} level` })).toBeNull();
    expect(await levelChoices(dialog, 'pairs')).toEqual(['Full', 'Read only', 'None']);
    expect(await levelChoices(dialog, 'logs')).toEqual(['Limited', 'Read only', 'None']);

    await user.type(within(dialog).getByRole('textbox', { name: API_TOKEN_UI.name }), 'deploy bot');
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_UI.create }));
    const shown = await screen.findByTestId('new-api-token');
    expect(shown).toHaveValue(TOKEN);
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'deploy bot', perms: [{ section_name: 'pairs', status: 'ReadOnly' }, { section_name: 'logs', status: 'ReadOnly' }] });
    await user.click(screen.getByRole('button', { name: API_TOKEN_UI.done }));

    const table = await screen.findByTestId('api-tokens');
    await within(table).findByText('deploy bot');
    expect(within(table).queryByText(TOKEN)).toBeNull();
    await user.click(within(table).getByRole('button', { name: API_TOKEN_UI.revokeFor('deploy bot') }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: API_TOKEN_UI.revoke }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    await screen.findByText(API_TOKEN_UI.noTokens);
  });
});
