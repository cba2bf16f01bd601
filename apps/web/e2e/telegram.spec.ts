import { expect, test } from '@playwright/test';
import contracts from '@console/contracts';
import { startFakeTelegram, type FakeTelegram } from '../../api/src/test/fake-telegram';
import { apiAs, fullPageShot, signIn, TELEGRAM_ADMIN, TELEGRAM_STANDIN_PORT } from './helpers';

const { ALERT_CHANNEL_UI, API_PATHS, TELEGRAM_CHAT_MESSAGES: M, TELEGRAM_COMMANDS, TELEGRAM_LINK_UI: UI } = contracts;

/** A token of this spec's own bot, served by the stand-in on the port the e2e server's TELEGRAM_API_BASE_URL names. */
const BOT_TOKEN = '700900:TelegramBrowserTestBotToken';
const CHAT_ID = 424242;

let fake: FakeTelegram;

test.beforeAll(async () => {
  fake = await startFakeTelegram(TELEGRAM_STANDIN_PORT);
});

test.afterAll(async () => {
  await fake?.close();
});

/** The bot's messages to the chat, oldest first. */
const toChat = () => fake.received.filter((m) => m.chat_id === String(CHAT_ID)).map((m) => m.text);

test('Account details links a Telegram chat: the code sent to the bot (through the stand-in) links it, and the chat is answered', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, TELEGRAM_ADMIN);
  // The bot of System settings: this spec's token (another spec may have saved one before).
  const saved = await apiAs(page, API_PATHS.tgBotSettings, { method: 'POST', body: { token: BOT_TOKEN, chat_id: '-100424242' } });
  if (saved.status >= 300) expect((await apiAs(page, API_PATHS.tgBotSettings, { method: 'PUT', body: { token: BOT_TOKEN, chat_id: '-100424242' } })).status).toBe(200);

  await page.getByRole('link', { name: 'Account Settings' }).click();
  const block = page.getByTestId('telegram-link');
  await expect(block.getByText(UI.notLinked)).toBeVisible();
  await block.getByRole('button', { name: UI.link }).click();
  const link = block.getByTestId('telegram-link-url');
  await expect(link).toHaveAttribute('href', /^https:\/\/t\.me\/console_test_bot\?start=[A-Za-z0-9]+$/);
  const code = new URL(await link.getAttribute('href') ?? '').searchParams.get('start')!;
  await expect(block.getByText(UI.sendCode(code))).toBeVisible();
  await block.scrollIntoViewIfNeeded();
  await fullPageShot(page, 'telegram-link-code');

  // The user sends the code to the bot; the console's worker polls the stand-in and links the chat.
  fake.pushMessage(BOT_TOKEN, CHAT_ID, `/start ${code}`);
  await expect.poll(toChat, { timeout: 30_000 }).toEqual([M.linked(TELEGRAM_ADMIN.email)]);
  await page.reload();
  await expect(page.getByTestId('telegram-link').getByText(UI.linked)).toBeVisible();
  await expect(page.getByTestId('telegram-link').getByRole('button', { name: UI.unlink })).toBeVisible();
  // The alert channels block below says Telegram now goes to that chat.
  await expect(page.getByText(ALERT_CHANNEL_UI.telegramLinkedHint)).toBeVisible();
  await expect(page.getByText(ALERT_CHANNEL_UI.telegramHint)).toHaveCount(0);
  await page.getByTestId('telegram-link').scrollIntoViewIfNeeded();
  await fullPageShot(page, 'telegram-linked');

  // A command from the linked chat is answered within the user's privileges.
  fake.pushMessage(BOT_TOKEN, CHAT_ID, '/help');
  await expect.poll(() => toChat().length, { timeout: 30_000 }).toBe(2);
  const help = toChat()[1];
  for (const command of Object.values(TELEGRAM_COMMANDS)) expect(help).toContain(command.usage);
  fake.pushMessage(BOT_TOKEN, CHAT_ID, '/positions');
  await expect.poll(() => toChat().length, { timeout: 30_000 }).toBe(3);
  expect(toChat()[2]).toMatch(/^#\d+ Ticker: \S+ · Profile: .+ · Side: (long|short) · Size, \$: -?\d+\.\d\d · R-PnL: -?\d+\.\d\d · U-PnL: -?\d+\.\d\d$/m);
  // The commands that read the generated signals answer too (they once went silent on this data).
  fake.pushMessage(BOT_TOKEN, CHAT_ID, '/status');
  await expect.poll(() => toChat().length, { timeout: 30_000 }).toBe(4);
  expect(toChat()[3]).toContain('Bot:');
  fake.pushMessage(BOT_TOKEN, CHAT_ID, '/signals');
  await expect.poll(() => toChat().length, { timeout: 30_000 }).toBe(5);
  expect(toChat()[4]).toMatch(/^ID: \d+ · /m);
});
