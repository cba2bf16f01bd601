import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_PATHS, TELEGRAM_LINK_UI as UI, type TelegramLinkState } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { TelegramLinkBlock } from './TelegramLinkBlock';

const notLinked: TelegramLinkState = { linked: false, linked_at: null, code: null, link_url: null, expires_at: null };

function renderBlock(state: { linked: boolean }) {
  const api = fakeFetch((method, path) => {
    if (path !== API_PATHS.telegramLink) return [404, {}];
    if (method === 'GET') return [200, { ...notLinked, linked: state.linked, linked_at: state.linked ? '2026-01-15T10:00:00Z' : null }];
    if (method === 'POST') return [200, { ...notLinked, code: 'AbCd2345EfGh6789', link_url: 'https://t.me/console_bot?start=AbCd2345EfGh6789', expires_at: '2026-01-15T10:10:00Z' }];
    if (method === 'DELETE') {
      state.linked = false;
      return [200, notLinked];
    }
    return [404, {}];
  });
  renderWithApp(<TelegramLinkBlock />, { api: makeApi(signedInState(makeUser()), api), path: '/account-details' });
  return api;
}

describe('TelegramLinkBlock', () => {
  it('shows a one-time code and its t.me link to send to the bot', async () => {
    const api = renderBlock({ linked: false });
    expect(await screen.findByText(UI.notLinked)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: UI.link }));
    expect(await screen.findByText(UI.sendCode('AbCd2345EfGh6789'))).toBeInTheDocument();
    expect(screen.getByTestId('telegram-link-url')).toHaveAttribute('href', 'https://t.me/console_bot?start=AbCd2345EfGh6789');
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith(API_PATHS.telegramLink))).toBe(true);
  });

  it('unlinks a linked chat in one click', async () => {
    const api = renderBlock({ linked: true });
    await userEvent.click(await screen.findByRole('button', { name: UI.unlink }));
    await waitFor(() => expect(screen.getByText(UI.notLinked)).toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(API_PATHS.telegramLink))).toBe(true);
  });
});
