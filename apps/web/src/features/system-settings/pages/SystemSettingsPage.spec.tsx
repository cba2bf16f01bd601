import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MODE_LABELS, API_PATHS, EXCHANGE_ACCOUNT_MESSAGES, EXCHANGE_TRADING_MESSAGES, EXCHANGE_TRADING_UI, EXCHANGE_MARKET_LABELS, MESSAGES, SETTINGS_MESSAGES, SETTINGS_UI_TEXTS, SMTP_UI, type Level, type SectionName } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { SystemSettingsPage } from './SystemSettingsPage';

const list = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const LONG_TITLE = 'Main Binance futures account for the long-only grid';
const account = (id: number, title: string) => ({ id, title, api_key: `key-${id}-abcd`, leverage: 20, broker_id: null, broker_program_is_active: false, broker_program_is_available: false, exchange: 'binance', market: 'model' as const, mode: 'paper' as const, api_url: null });
const pairs = [
  { id: 1, ticker: 'BTCUSDT', is_active: true },
  { id: 2, ticker: 'ETHUSDT', is_active: false },
];
const emptyTelegram = { id: null, token: '', chat_id: '', investor_bot_token: '', investor_chat_id: '', investor_report_time: '00:00:00' };

const emptySmtp = { host: '', port: 587, secure: false, username: '', password: '', from_address: '' };

const demoAccount = { ...account(4, 'Futures demo'), exchange: 'binanceusdm', mode: 'demo' as const, api_url: 'https://testnet.example.test' };
const CONNECTION_ANSWER = { ok: true, exchange: 'binanceusdm', mode: 'demo', balances: [{ currency: 'USDT', free: '980.5', used: '19.5', total: '1000' }], error: null };

interface World {
  accounts?: unknown[];
  pairs?: unknown[];
  telegram?: object;
  investor?: object;
  schedules?: unknown[];
  deleteAnswer?: [number, unknown];
  smtp?: object;
}

/** A fake API holding the page's data; writes answer like the real one. */
function fakeSettingsApi(world: World = {}) {
  return fakeFetch((method, url, body) => {
    const path = url.split('?')[0];
    if (method === 'GET' && path === API_PATHS.exchangeAccounts) return [200, list(world.accounts ?? [])];
    if (method === 'POST' && path === API_PATHS.exchangeAccountTestConnection(4)) return [200, CONNECTION_ANSWER];
    if (method === 'POST' && path === API_PATHS.exchangeAccountGoLive(4)) return [200, { ...demoAccount, mode: 'live' }];
    if (method === 'POST' && path === API_PATHS.exchangeAccounts) return [201, { ...account(9, ''), ...(body as object) }];
    if (method === 'PUT' && path.startsWith(API_PATHS.exchangeAccounts)) return [200, { ...account(3, ''), ...(body as object) }];
    if (method === 'DELETE' && path.startsWith(API_PATHS.exchangeAccounts)) return world.deleteAnswer ?? [204, undefined];
    if (method === 'GET' && path === API_PATHS.pairs) return [200, list(world.pairs ?? [])];
    if (method === 'PUT' && path.startsWith(API_PATHS.pairs)) return [200, { id: Number(path.split('/').at(-2)), ...(body as object) }];
    if (path === API_PATHS.tgBotSettings) return [method === 'POST' ? 201 : 200, method === 'GET' ? (world.telegram ?? emptyTelegram) : { ...emptyTelegram, ...(body as object), id: 1 }];
    if (path === API_PATHS.investorReportSettings) return [200, method === 'GET' ? (world.investor ?? { investor_bot_token: '', investor_chat_id: '' }) : body];
    if (method === 'GET' && path === API_PATHS.investorReportSchedules) return [200, list(world.schedules ?? [])];
    if (path === API_PATHS.smtpSettings) return [200, method === 'GET' ? (world.smtp ?? emptySmtp) : { ...(body as object), password: '********' }];
    return [404, { detail: 'Not found.' }];
  });
}

function renderPage(levels: Partial<Record<SectionName, Level>>, world?: World) {
  const api = fakeSettingsApi(world);
  renderWithApp(<SystemSettingsPage />, { api: makeApi(signedInState(makeUser(levels)), api) });
  return api;
}

const writes = (api: ReturnType<typeof fakeSettingsApi>) => api.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.replace('/api/v2', ''), c.body]);

describe('SystemSettingsPage', () => {
  it('shows only the blocks of the sections the user has', async () => {
    renderPage({ exchange_account: 'Full', pairs: 'NP', tg_bot: 'NP' });
    expect(await screen.findByText(MESSAGES.noAccounts)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Exchange accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trading pairs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Telegram bot' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Investor reports' })).not.toBeInTheDocument();
  });

  it('saves the SMTP settings, sending the password mask back unchanged so the stored password stays', async () => {
    const smtp = { host: 'smtp.example.test', port: 587, secure: false, username: 'alerts', password: '********', from_address: 'alerts@example.test' };
    const api = renderPage({ tg_bot: 'Full' }, { smtp });
    const form = await screen.findByRole('form', { name: SMTP_UI.title });
    const host = within(form).getByLabelText(SMTP_UI.host);
    await userEvent.clear(host);
    await userEvent.type(host, 'mail.example.test');
    await userEvent.click(within(form).getByRole('button', { name: SMTP_UI.save }));
    await waitFor(() => expect(writes(api)).toEqual([['PUT', API_PATHS.smtpSettings, { ...smtp, host: 'mail.example.test' }]]));
  });

  it('shows the SMTP settings without a save at read-only', async () => {
    renderPage({ tg_bot: 'ReadOnly' });
    const form = await screen.findByRole('form', { name: SMTP_UI.title });
    expect(within(form).queryByRole('button', { name: SMTP_UI.save })).not.toBeInTheDocument();
  });

  it('cuts long titles at 35 characters and keeps the whole one as a tooltip', async () => {
    renderPage({}, { accounts: [account(1, LONG_TITLE), account(2, 'Spot')] });
    const cut = await screen.findByText(`${LONG_TITLE.slice(0, 35)}…`);
    await userEvent.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_TITLE);
    expect(screen.getByText('Spot')).toBeInTheDocument();
  });

  it('hides add, edit, delete, sync and the pair toggles at read-only levels', async () => {
    renderPage({ exchange_account: 'ReadOnly', pairs: 'ReadOnly' }, { accounts: [account(1, 'Spot')], pairs });
    expect(await screen.findByText('Spot')).toBeInTheDocument();
    expect(await screen.findByText('BTCUSDT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('validates a new account with the spec messages, then posts it', async () => {
    const api = renderPage({ pairs: 'NP', tg_bot: 'NP' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Leverage'), '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(MESSAGES.nameBlank)).toBeInTheDocument();
    expect(within(dialog).getByText(EXCHANGE_ACCOUNT_MESSAGES.apiKeyBlank)).toBeInTheDocument();
    expect(within(dialog).getByText(EXCHANGE_ACCOUNT_MESSAGES.apiSecretBlank)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.leverageRange)).toBeInTheDocument();
    expect(writes(api)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'x'.repeat(65));
    expect(await within(dialog).findByText(MESSAGES.nameTooLong)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), ' Futures ');
    await userEvent.type(within(dialog).getByLabelText('API key'), 'key-1');
    await userEvent.type(within(dialog).getByLabelText('Secret key'), 'secret-1');
    await userEvent.clear(within(dialog).getByLabelText('Leverage'));
    await userEvent.type(within(dialog).getByLabelText('Leverage'), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([['POST', API_PATHS.exchangeAccounts, { title: 'Futures', api_key: 'key-1', api_secret: 'secret-1', leverage: 25, broker_id: null, exchange: 'binance', market: 'model', mode: 'paper', api_url: null }]]);
  });

  it('leaves the secret out of an edit when it stays empty', async () => {
    const api = renderPage({ pairs: 'NP', tg_bot: 'NP' }, { accounts: [account(3, 'Spot')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Spot' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Spot');
    await userEvent.clear(within(dialog).getByLabelText('Leverage'));
    await userEvent.type(within(dialog).getByLabelText('Leverage'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([['PUT', API_PATHS.exchangeAccount(3), { title: 'Spot', api_key: 'key-3-abcd', leverage: 10, broker_id: null, exchange: 'binance', market: 'model', mode: 'paper', api_url: null }]]);
  });

  it('switches an account to stored candles, and refuses an exchange that is not a ccxt id', async () => {
    const api = renderPage({ pairs: 'NP', tg_bot: 'NP' }, { accounts: [account(3, 'Spot')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Spot' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Exchange (ccxt id)'));
    await userEvent.type(within(dialog).getByLabelText('Exchange (ccxt id)'), 'Binance!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EXCHANGE_ACCOUNT_MESSAGES.exchangeInvalid)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Exchange (ccxt id)'));
    await userEvent.type(within(dialog).getByLabelText('Exchange (ccxt id)'), 'bybit');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Market' }));
    await userEvent.click(await screen.findByRole('option', { name: EXCHANGE_MARKET_LABELS.store }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([['PUT', API_PATHS.exchangeAccount(3), { title: 'Spot', api_key: 'key-3-abcd', leverage: 20, broker_id: null, exchange: 'bybit', market: 'store', mode: 'paper', api_url: null }]]);
  });

  it('sets demo mode and an API URL, refusing a URL with a path and demo on an exchange the venue does not trade', async () => {
    const api = renderPage({ pairs: 'NP', tg_bot: 'NP' }, { accounts: [account(3, 'Spot')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Spot' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: EXCHANGE_TRADING_UI.mode }));
    await userEvent.click(await screen.findByRole('option', { name: ACCOUNT_MODE_LABELS.demo }));
    await userEvent.type(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.apiUrl), 'https://testnet.example.test/fapi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(EXCHANGE_TRADING_MESSAGES.apiUrlInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(EXCHANGE_TRADING_MESSAGES.exchangeNotTradable)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.apiUrl));
    await userEvent.type(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.apiUrl), 'https://testnet.example.test');
    await userEvent.clear(within(dialog).getByLabelText('Exchange (ccxt id)'));
    await userEvent.type(within(dialog).getByLabelText('Exchange (ccxt id)'), 'binanceusdm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([
      ['PUT', API_PATHS.exchangeAccount(3), { title: 'Spot', api_key: 'key-3-abcd', leverage: 20, broker_id: null, exchange: 'binanceusdm', market: 'model', mode: 'demo', api_url: 'https://testnet.example.test' }],
    ]);
  });

  it('tests a demo account’s connection and shows the exchange’s balances; switches it to live with the typed title and the code', async () => {
    const api = renderPage({ pairs: 'NP', tg_bot: 'NP' }, { accounts: [demoAccount, account(5, 'Paper desk')] });
    expect(await screen.findByRole('button', { name: `${EXCHANGE_TRADING_UI.testConnection} Futures demo` })).toBeInTheDocument();
    // A paper account on an exchange the venue does not trade has neither.
    expect(screen.queryByRole('button', { name: `${EXCHANGE_TRADING_UI.testConnection} Paper desk` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `${EXCHANGE_TRADING_UI.goLive} Paper desk` })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `${EXCHANGE_TRADING_UI.testConnection} Futures demo` }));
    const result = await screen.findByRole('dialog');
    expect(within(result).getByText(EXCHANGE_TRADING_UI.connectionOk)).toBeInTheDocument();
    expect(within(result).getByText('USDT: 1000')).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: `${EXCHANGE_TRADING_UI.goLive} Futures demo` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.confirmation), 'Futures');
    await userEvent.click(within(dialog).getByRole('button', { name: EXCHANGE_TRADING_UI.goLive }));
    expect(await within(dialog).findByText(EXCHANGE_TRADING_MESSAGES.confirmationWrong)).toBeInTheDocument();
    expect(within(dialog).getByText(EXCHANGE_TRADING_MESSAGES.totpRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.confirmation), ' demo');
    await userEvent.type(within(dialog).getByLabelText(EXCHANGE_TRADING_UI.totpCode), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: EXCHANGE_TRADING_UI.goLive }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(api)).toEqual([
      ['POST', API_PATHS.exchangeAccountTestConnection(4), {}],
      ['POST', API_PATHS.exchangeAccountGoLive(4), { confirmation: 'Futures demo', totp_code: '123456' }],
    ]);
  });

  it('shows a delete error inside the modal and keeps it open', async () => {
    renderPage({ pairs: 'NP', tg_bot: 'NP' }, { accounts: [account(3, 'Spot')], deleteAnswer: [400, { detail: EXCHANGE_ACCOUNT_MESSAGES.usedByMmProfiles }] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spot' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(EXCHANGE_ACCOUNT_MESSAGES.usedByMmProfiles)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('creates the Telegram settings when both fields were empty, and updates them otherwise', async () => {
    const created = renderPage({ exchange_account: 'NP', pairs: 'NP' });
    const form = await screen.findByRole('form', { name: 'Telegram bot settings' });
    await userEvent.type(within(form).getByLabelText('Bot token'), '12345:token-value');
    await userEvent.type(within(form).getByLabelText('Chat ID'), '-1001');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(created)).toEqual([['POST', API_PATHS.tgBotSettings, { token: '12345:token-value', chat_id: '-1001' }]]));
  });

  it('updates Telegram settings that exist, and checks the chat ID length', async () => {
    const api = renderPage({ exchange_account: 'NP', pairs: 'NP' }, { telegram: { ...emptyTelegram, id: 1, token: '********AbCd', chat_id: '-1001' } });
    const form = await screen.findByRole('form', { name: 'Telegram bot settings' });
    const chat = within(form).getByLabelText('Chat ID');
    await userEvent.type(chat, '9'.repeat(20));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(SETTINGS_MESSAGES.chatIdTooLong)).toBeInTheDocument();
    await userEvent.clear(chat);
    await userEvent.type(chat, '-2002');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api)).toEqual([['PUT', API_PATHS.tgBotSettings, { token: '********AbCd', chat_id: '-2002' }]]));
  });

  it("answers 'All values has not changed' for unchanged investor settings without calling the API", async () => {
    const api = renderPage({ exchange_account: 'NP', pairs: 'NP' }, { investor: { investor_bot_token: '********WxYz', investor_chat_id: '@investors' } });
    const form = await screen.findByRole('form', { name: 'Investor report settings' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(MESSAGES.valuesNotChanged)).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  });

  it('keeps report times within 00:00 to 6:00 UTC and asks for a cron expression when custom', async () => {
    const api = renderPage({ exchange_account: 'NP', pairs: 'NP' });
    const form = await screen.findByRole('form', { name: 'Add report schedule' });
    expect(await screen.findByText(SETTINGS_UI_TEXTS.noSchedules)).toBeInTheDocument();
    const time = within(form).getByLabelText('Time (UTC)');
    await userEvent.clear(time);
    await userEvent.type(time, '07:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(MESSAGES.reportHourRange)).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: 'Custom (cron)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(SETTINGS_MESSAGES.cronRequired)).toBeInTheDocument();
    expect(writes(api)).toEqual([]);
  });

  it('flips one pair with the pair less its id, and filters by ticker', async () => {
    const api = renderPage({ exchange_account: 'NP', tg_bot: 'NP' }, { pairs });
    expect(await screen.findByText('1 of 2 active')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'ETHUSDT active' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'ETHUSDT active' })).toBeChecked());
    expect(writes(api)).toEqual([['PUT', API_PATHS.pair(2), { ticker: 'ETHUSDT', is_active: true }]]);

    await userEvent.type(screen.getByLabelText('Search ticker'), 'btc');
    expect(screen.getAllByTestId('trading-pair')).toHaveLength(1);
  });

  it("says 'No trading pairs yet' before the first sync", async () => {
    renderPage({ exchange_account: 'NP', tg_bot: 'NP' });
    expect(await screen.findByText(MESSAGES.noPairs)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toBeInTheDocument();
  });
});
