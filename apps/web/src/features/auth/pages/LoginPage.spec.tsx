import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { ERROR_CODES, MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp } from '../../../test/fixtures';
import { AppRoutes, preloadScreens } from '../../../app/router';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The API as the sign-in sequence meets it; `overrides` replace single answers. */
function signInApi(overrides: Record<string, [number, unknown]> = {}) {
  return fakeFetch((method, path, body) => {
    const key = `${method} ${path}`;
    if (overrides[key]) return overrides[key];
    if (key === 'GET /users/captcha-challenge/') return [200, { provider: 'off' }];
    if (key === 'POST /users/google-captcha-verify/') return [200, { is_robot: false, captcha_token: 'off' }];
    if (key === 'POST /users/login/') {
      const { password } = body as { password: string };
      return password === 'Right!pass1' ? [200, { refresh: 'r1', access: 'a1' }] : [400, { detail: MESSAGES.loginInvalid }];
    }
    if (key === 'POST /users/totp/create/') return [200, { url: 'otpauth://totp/x?secret=ABC', qr: QR, is_verified: false }];
    if (key === 'POST /users/totp/login/123456/') return [200, { refresh: 'r2', access: 'a2' }];
    if (key.startsWith('POST /users/totp/login/')) return [400, { detail: MESSAGES.twoFactorFailed }];
    if (key === 'GET /users/current-user/') return [200, makeUser()];
    return [404, { detail: 'Not found.' }];
  });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.clear(await screen.findByLabelText('Email', {}, { timeout: 5000 })); // the page's code loads on demand
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.clear(screen.getByLabelText('Password'));
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

function renderLogin(fetchImpl = signInApi()) {
  return renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { api: makeApi({ isInitialized: true }, fetchImpl), path: '/login' },
  );
}

describe('LoginPage', () => {
  // The screens' code loads on demand; load it once up front so each test sees its redirects at once.
  beforeAll(() => preloadScreens(), 30_000);

  it('validates the fields with the spec messages before calling the API', async () => {
    const api = signInApi();
    renderLogin(api);
    await fillAndSubmit('', '');
    expect(await screen.findByText(MESSAGES.emailBlank)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordBlank)).toBeInTheDocument();
    await fillAndSubmit('nope', 'x');
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('runs bot-check, credentials, QR, code, then redirects', async () => {
    const api = signInApi();
    renderLogin(api);
    const user = await fillAndSubmit('ann@example.com', 'Right!pass1');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Scan QR-code with .* and$/)).toBeInTheDocument();
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', QR);
    expect(within(dialog).getByText(MESSAGES.enterCode)).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('000000')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(MESSAGES.twoFactorRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByPlaceholderText('000000'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(MESSAGES.twoFactorFailed)).toBeInTheDocument();

    await user.clear(within(dialog).getByPlaceholderText('000000'));
    await user.type(within(dialog).getByPlaceholderText('000000'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/signals-and-orders/signals'));
    expect(api.calls.map((c) => `${c.method} ${c.url.replace('/api/v2', '')}`).slice(0, 4)).toEqual([
      'GET /users/captcha-challenge/',
      'POST /users/google-captcha-verify/',
      'POST /users/login/',
      'POST /users/totp/create/',
    ]);
    expect(api.calls.find((c) => c.url.endsWith('/users/login/'))?.body).toMatchObject({ captcha_token: 'off' });
  });

  it('says so when the bot-check fails', async () => {
    renderLogin(signInApi({ 'POST /users/google-captcha-verify/': [200, { is_robot: true, captcha_token: null }] }));
    await fillAndSubmit('ann@example.com', 'Right!pass1');
    expect(await screen.findByText(MESSAGES.captchaFailed)).toBeInTheDocument();
  });

  it('solves the harder bot-check when the account asks for it, and signs in with it', async () => {
    const harder = [400, { detail: OWN_MESSAGES.harderBotCheck, code: ERROR_CODES.harderBotCheck }] as [number, unknown];
    let harderAsked = false;
    const api = fakeFetch((_method, path, body) => {
      if (path.startsWith('/users/captcha-challenge/')) {
        harderAsked ||= path.endsWith('?level=harder');
        return [200, { provider: 'off' }];
      }
      if (path === '/users/google-captcha-verify/') return [200, { is_robot: false, captcha_token: harderAsked ? 'harder-pass' : 'usual-pass' }];
      if (path === '/users/login/') return (body as { captcha_token: string }).captcha_token === 'harder-pass' ? [200, { refresh: 'r1', access: 'a1' }] : harder;
      if (path === '/users/totp/create/') return [200, { url: 'otpauth://totp/x?secret=ABC', qr: QR, is_verified: false }];
      return [404, { detail: 'Not found.' }];
    });
    renderLogin(api);
    await fillAndSubmit('ann@example.com', 'Right!pass1');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.url.replace('/api/v2', '')}`).slice(0, 6)).toEqual([
      'GET /users/captcha-challenge/',
      'POST /users/google-captcha-verify/',
      'POST /users/login/',
      'GET /users/captcha-challenge/?level=harder',
      'POST /users/google-captcha-verify/',
      'POST /users/login/',
    ]);
  });

  it('shows the harder check\'s words when even that was not passed', async () => {
    renderLogin(signInApi({ 'POST /users/login/': [400, { detail: OWN_MESSAGES.harderBotCheck, code: ERROR_CODES.harderBotCheck }] }));
    await fillAndSubmit('ann@example.com', 'Right!pass1');
    expect(await screen.findByText(OWN_MESSAGES.harderBotCheck)).toBeInTheDocument();
  });

  it('shows the credentials and QR errors', async () => {
    renderLogin(signInApi({ 'POST /users/totp/create/': [500, {}] }));
    await fillAndSubmit('ann@example.com', 'Wrong!pass1');
    expect(await screen.findByText(MESSAGES.loginInvalid)).toBeInTheDocument();
    await fillAndSubmit('ann@example.com', 'Right!pass1');
    expect(await screen.findByText(MESSAGES.qrCodeError)).toBeInTheDocument();
  });
});
