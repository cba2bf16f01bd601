import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALERT_CHANNEL_UI as UI, API_PATHS, type AlertChannelSettings, type AlertDeliveryLog } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { AlertChannelsBlock } from './AlertChannelsBlock';

const settings: AlertChannelSettings = {
  email: '',
  discord_webhook_url: '',
  webhook_url: 'https://hooks.example.test/console',
  webhook_secret: 'secret-of-the-webhook',
  choices: { risk_trigger_fired: [], export_ready: ['webhook'] },
  kinds: ['risk_trigger_fired', 'export_ready'],
  email_available: false,
};

const log: AlertDeliveryLog = {
  channels: [
    { channel: 'email', last_error: null, last_error_at: null, deliveries: [] },
    { channel: 'discord', last_error: null, last_error_at: null, deliveries: [] },
    {
      channel: 'webhook',
      last_error: 'The webhook answered 410',
      last_error_at: '2026-01-15T10:00:00Z',
      deliveries: [{ id: '3', kind: 'export_ready', title: 'Export ready', status: 'failed', attempts: 1, last_error: 'The webhook answered 410', created_at: '2026-01-15T10:00:00Z', sent_at: null }],
    },
  ],
};

function renderBlock(linked = false) {
  const api = fakeFetch((method, path, body) => {
    if (method === 'GET' && path === API_PATHS.alertChannels) return [200, settings];
    if (method === 'PUT' && path === API_PATHS.alertChannels) return [200, { ...settings, ...(body as object) }];
    if (method === 'GET' && path === API_PATHS.alertDeliveries) return [200, log];
    if (method === 'GET' && path === API_PATHS.telegramLink) return [200, { linked, linked_at: linked ? '2026-01-15T10:00:00Z' : null, code: null, link_url: null, expires_at: null }];
    return [404, {}];
  });
  renderWithApp(<AlertChannelsBlock />, { api: makeApi(signedInState(makeUser()), api), path: '/account-details' });
  return api;
}

describe('AlertChannelsBlock', () => {
  it('offers the kinds the API answers, the console always on, and saves the choices with the destinations', async () => {
    const api = renderBlock();
    const inConsole = await screen.findByRole('checkbox', { name: UI.channelFor('Risk trigger fired', 'In the console') });
    expect(inConsole).toBeChecked();
    expect(inConsole).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: UI.channelFor('Engine alert', 'Email') })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: UI.channelFor('Export ready', 'Webhook') })).toBeChecked();
    expect(screen.getByText(UI.emailUnavailable)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: UI.channelFor('Risk trigger fired', 'Webhook') }));
    await userEvent.click(screen.getByRole('button', { name: UI.save }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { email: '', discord_webhook_url: '', webhook_url: 'https://hooks.example.test/console', choices: { risk_trigger_fired: ['webhook'], export_ready: ['webhook'] } },
      ]),
    );
  });

  it('says where Telegram reaches the user: once linked, the linked chat; before, once a chat is linked', async () => {
    renderBlock(true);
    expect(await screen.findByText(UI.telegramLinkedHint)).toBeInTheDocument();
    expect(screen.queryByText(UI.telegramHint)).not.toBeInTheDocument();
  });

  it('says Telegram waits for a linked chat while none is linked', async () => {
    renderBlock(false);
    expect(await screen.findByText(UI.telegramHint)).toBeInTheDocument();
    expect(screen.queryByText(UI.telegramLinkedHint)).not.toBeInTheDocument();
  });

  it('shows each channel’s log and its last error', async () => {
    renderBlock();
    const webhook = await screen.findByTestId('alert-deliveries-webhook');
    expect(await within(webhook).findByText(UI.statusNames.failed)).toBeInTheDocument();
    expect(within(webhook).getByText(/Last error: The webhook answered 410/)).toBeInTheDocument();
    expect(within(screen.getByTestId('alert-deliveries-email')).getByText(UI.noDeliveries)).toBeInTheDocument();
  });
});
