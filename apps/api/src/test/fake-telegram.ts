/**
 * A local stand-in for the Telegram Bot API: records sendMessage, editMessageText and answerCallbackQuery
 * calls, answers as told, and serves getUpdates from updates a test pushes (long polling, with Telegram's
 * 409 Conflict when a second getUpdates of the same bot comes while one is waiting).
 */
import { createServer, Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedMessage {
  token: string;
  chat_id: string;
  text: string;
  /** The inline keyboard, when the message has one. */
  buttons?: { text: string; callback_data: string }[][];
  message_id?: number;
}

interface EditedMessage {
  token: string;
  chat_id: string;
  message_id: number;
  text: string;
}

interface AnsweredCallback {
  token: string;
  callback_query_id: string;
  text?: string;
}

export interface FakeTelegram {
  url: string;
  received: ReceivedMessage[];
  edits: EditedMessage[];
  callbackAnswers: AnsweredCallback[];
  /** setWebhook calls: the URL and secret each bot was given. */
  webhooks: { token: string; url: string; secret_token: string }[];
  /** deleteWebhook calls, by bot token. */
  deletedWebhooks: string[];
  /** getUpdates refused because the bot had a webhook set (Telegram's 409). */
  webhookConflicts: number;
  /** sendMessage requests of any outcome, for counting attempts. */
  attempts: number;
  /** getUpdates requests answered, and those refused because another one of the bot was waiting. */
  polls: number;
  conflicts: number;
  /** The status the next sendMessage requests get (200 by default). */
  respondWith(status: number): void;
  /** Keeps the next sendMessage requests open without an answer (counted in `attempts`), as if the sender died mid-send. */
  hold(): void;
  /** Drops the held requests and answers the next ones again. */
  release(): void;
  /** A user's text message from a chat, as the bot would receive it. */
  pushMessage(token: string, chatId: number, text: string): void;
  /** A press of an inline button under one of the bot's messages. */
  pushCallback(token: string, chatId: number, messageId: number, data: string): string;
  waitFor(predicate: (received: ReceivedMessage[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface WaitingPoll {
  offset: number;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

/** `port`: 0 (any free one) unless a server configured beforehand must find it (the browser test's). */
export async function startFakeTelegram(port = 0): Promise<FakeTelegram> {
  let status = 200;
  let holding = false;
  let nextUpdateId = 1;
  let nextMessageId = 1;
  const held: ServerResponse[] = [];
  const received: ReceivedMessage[] = [];
  const edits: EditedMessage[] = [];
  const callbackAnswers: AnsweredCallback[] = [];
  const webhooks: FakeTelegram['webhooks'] = [];
  const updates = new Map<string, { update_id: number }[]>();
  const waiting = new Map<string, WaitingPoll>();
  const deletedWebhooks: string[] = [];
  const activeWebhooks = new Set<string>();
  const fake = { attempts: 0, polls: 0, conflicts: 0, webhookConflicts: 0 } as FakeTelegram;

  const json = (res: ServerResponse, code: number, body: object) => {
    res.statusCode = code;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const pending = (token: string, offset: number) => (updates.get(token) ?? []).filter((u) => u.update_id >= offset);
  const answerPoll = (token: string) => {
    const poll = waiting.get(token);
    if (!poll) return;
    const ready = pending(token, poll.offset);
    if (!ready.length) return;
    clearTimeout(poll.timer);
    waiting.delete(token);
    json(poll.res, 200, { ok: true, result: ready });
  };
  const push = (token: string, update: object) => {
    const list = updates.get(token) ?? [];
    list.push({ update_id: nextUpdateId++, ...update });
    updates.set(token, list);
    answerPoll(token);
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const match = /^\/bot(.+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const token = decodeURIComponent(match[1]);
      const method = match[2];
      const payload = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
      if (method === 'getUpdates') {
        if (activeWebhooks.has(token)) {
          fake.webhookConflicts += 1;
          return json(res, 409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" });
        }
        if (waiting.has(token)) {
          fake.conflicts += 1;
          return json(res, 409, { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' });
        }
        fake.polls += 1;
        const offset = Number(payload.offset ?? 0);
        // Telegram forgets what is confirmed by a later offset.
        updates.set(token, pending(token, offset));
        const timer = setTimeout(() => {
          waiting.delete(token);
          json(res, 200, { ok: true, result: [] });
        }, Number(payload.timeout ?? 0) * 1000);
        waiting.set(token, { offset, res, timer });
        res.on('close', () => {
          if (waiting.get(token)?.res === res) {
            clearTimeout(timer);
            waiting.delete(token);
          }
        });
        return answerPoll(token);
      }
      if (method === 'getMe') return json(res, 200, { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, username: 'console_test_bot' } });
      if (method === 'setWebhook') {
        webhooks.push({ token, url: String(payload.url), secret_token: String(payload.secret_token) });
        activeWebhooks.add(token);
        return json(res, 200, { ok: true, result: true });
      }
      if (method === 'deleteWebhook') {
        deletedWebhooks.push(token);
        activeWebhooks.delete(token);
        return json(res, 200, { ok: true, result: true });
      }
      if (method === 'editMessageText') {
        edits.push({ token, chat_id: String(payload.chat_id), message_id: Number(payload.message_id), text: String(payload.text) });
        return json(res, 200, { ok: true, result: true });
      }
      if (method === 'answerCallbackQuery') {
        callbackAnswers.push({ token, callback_query_id: String(payload.callback_query_id), ...(payload.text ? { text: String(payload.text) } : {}) });
        return json(res, 200, { ok: true, result: true });
      }
      if (method !== 'sendMessage') return json(res, 404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
      fake.attempts += 1;
      if (holding) return void held.push(res);
      if (status !== 200) return json(res, status, { ok: false, error_code: status, description: status === 400 ? 'Bad Request: chat not found' : 'Internal Server Error' });
      const keyboard = (payload.reply_markup as { inline_keyboard?: ReceivedMessage['buttons'] } | undefined)?.inline_keyboard;
      const message_id = nextMessageId++;
      received.push({ token, chat_id: String(payload.chat_id), text: String(payload.text), ...(keyboard ? { buttons: keyboard, message_id } : {}) });
      json(res, 200, { ok: true, result: { message_id } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}`,
    received,
    edits,
    callbackAnswers,
    webhooks,
    deletedWebhooks,
    respondWith: (next: number) => void (status = next),
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
    pushMessage: (token: string, chatId: number, text: string) =>
      push(token, { message: { message_id: nextMessageId++, chat: { id: chatId, type: 'private' }, from: { id: chatId }, text } }),
    pushCallback: (token: string, chatId: number, messageId: number, data: string) => {
      const id = `cb-${nextUpdateId}`;
      push(token, { callback_query: { id, from: { id: chatId }, data, message: { message_id: messageId, chat: { id: chatId } } } });
      return id;
    },
    waitFor: (predicate: (r: ReceivedMessage[]) => boolean, timeoutMs = 10_000) => waitUntil(() => predicate(received), timeoutMs),
    close: () => {
      for (const poll of waiting.values()) {
        clearTimeout(poll.timer);
        poll.res.destroy();
      }
      waiting.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 50));
  }
}
