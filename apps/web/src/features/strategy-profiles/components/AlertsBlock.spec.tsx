import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALERT_PATHS, ALERT_UI, alertMessageTemplate, type AlertSettings } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { AlertsBlock } from './AlertsBlock';

const URL = 'https://console.example/api/v2/alerts/key123/';

function renderBlock(level: 'Full' | 'ReadOnly') {
  let settings: AlertSettings = { enabled: false, profile_key: null, url: null, max_lag_seconds: 300 };
  let made = 0;
  const api = fakeFetch((method, path) => {
    if (path !== ALERT_PATHS.settings(7)) return [404, {}];
    if (method === 'GET') return [200, settings];
    if (method === 'POST') {
      made += 1;
      settings = { enabled: true, profile_key: 'key123', url: URL, max_lag_seconds: 300 };
      return [201, { profile_key: 'key123', secret: `secret-${made}`, url: URL, max_lag_seconds: 300 }];
    }
    settings = { ...settings, enabled: false };
    return [204, undefined];
  });
  renderWithApp(<AlertsBlock profileId={7} />, { api: makeApi(signedInState(makeUser({ profiles: level }, 'NP')), api), path: '/strategy-profiles/7' });
  return api;
}

describe('AlertsBlock', () => {
  it('turns alerts on, shows the URL, the secret and the template once, rotates, and turns them off', async () => {
    const api = renderBlock('Full');
    const user = userEvent.setup();
    await screen.findByText(ALERT_UI.off);
    await user.click(screen.getByRole('button', { name: ALERT_UI.turnOn }));
    expect(await screen.findByTestId('alerts-secret')).toHaveValue('secret-1');
    expect(screen.getByTestId('alerts-url')).toHaveValue(URL);
    expect(screen.getByTestId('alerts-template')).toHaveValue(alertMessageTemplate('secret-1'));
    expect(await screen.findByText(ALERT_UI.on)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ALERT_UI.rotate }));
    await waitFor(() => expect(screen.getByTestId('alerts-secret')).toHaveValue('secret-2'));

    await user.click(screen.getByRole('button', { name: ALERT_UI.turnOff }));
    await screen.findByText(ALERT_UI.off);
    expect(screen.queryByTestId('alerts-secret')).toBeNull();
    expect(api.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['POST', 'POST', 'DELETE']));
  });

  it('shows a reader the state without the switches', async () => {
    renderBlock('ReadOnly');
    await screen.findByText(ALERT_UI.off);
    expect(screen.queryByRole('button', { name: ALERT_UI.turnOn })).toBeNull();
  });
});
