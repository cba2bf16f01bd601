import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECAPTCHA } from '@console/contracts';
import { createApi } from '../../../api/context';
import { fakeFetch } from '../../../test/fixtures';
import { passBotCheck } from './pass-bot-check';
import { forgetRecaptcha, type Grecaptcha } from './recaptcha';

const googleScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.startsWith(RECAPTCHA.scriptUrl));

/** The API with a given challenge; verify passes only the response 'human-token'. */
function apiWith(challenge: unknown) {
  const fetch = fakeFetch((method, path, body) => {
    if (path === '/users/captcha-challenge/') return [200, challenge];
    if (path === '/users/google-captcha-verify/') {
      const human = (body as { response: string }).response === 'human-token';
      return [200, { is_robot: !human, captcha_token: human ? 'pass-1' : null }];
    }
    return [404, {}];
  });
  return { client: createApi(fetch, null).client, fetch };
}

/** Google's object as the page sees it once api.js ran: answers `answer` when executed. */
function fakeGrecaptcha(answer: (callbacks: { callback: (r: string) => void; 'error-callback': () => void }) => void) {
  const rendered: { sitekey: string; size: string }[] = [];
  let callbacks: Parameters<Grecaptcha['render']>[1] | null = null;
  const grecaptcha: Grecaptcha = {
    ready: (callback) => callback(),
    render: (_container, parameters) => {
      rendered.push({ sitekey: parameters.sitekey, size: parameters.size });
      callbacks = parameters;
      return 0;
    },
    execute: vi.fn(() => setTimeout(() => answer(callbacks!), 0)),
    reset: vi.fn(),
  };
  return { grecaptcha, rendered };
}

/** Plays the browser: when Google's script is added to the page, it "loads" and defines grecaptcha. */
function serveGoogleScript(grecaptcha: Grecaptcha) {
  const observer = new MutationObserver(() => {
    for (const script of googleScripts()) {
      if (script.dataset.served) continue;
      script.dataset.served = '1';
      window.grecaptcha = grecaptcha;
      script.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

describe('passBotCheck', () => {
  afterEach(() => {
    forgetRecaptcha();
    delete window.grecaptcha;
    googleScripts().forEach((s) => s.remove());
  });

  it("loads nothing from Google when the API's provider is not reCAPTCHA", async () => {
    const { client, fetch } = apiWith({ provider: 'off' });
    expect(await passBotCheck(client)).toBeNull();
    expect(fetch.calls.at(-1)?.body).toEqual({ response: '' });
    expect(googleScripts()).toHaveLength(0);
  });

  it("loads Google's script only when the API says reCAPTCHA, renders the widget with its site key, and verifies the answer", async () => {
    const { grecaptcha, rendered } = fakeGrecaptcha(({ callback }) => callback('human-token'));
    const served = serveGoogleScript(grecaptcha);
    const { client, fetch } = apiWith({ provider: 'recaptcha', site_key: 'site-key-1' });

    expect(await passBotCheck(client)).toBe('pass-1');
    expect(googleScripts().map((s) => s.src)).toEqual([`${RECAPTCHA.scriptUrl}?render=explicit`]);
    expect(rendered).toEqual([{ sitekey: 'site-key-1', size: 'invisible' }]);
    expect(fetch.calls.at(-1)?.body).toEqual({ response: 'human-token' });

    // A second attempt reuses the script and the widget, with a fresh response.
    expect(await passBotCheck(client)).toBe('pass-1');
    expect(googleScripts()).toHaveLength(1);
    expect(rendered).toHaveLength(1);
    expect(grecaptcha.reset).toHaveBeenCalledTimes(1);
    expect(grecaptcha.execute).toHaveBeenCalledTimes(2);
    served.disconnect();
  });

  it('is not passed when the widget reports an error, and asks the API nothing more', async () => {
    const { grecaptcha } = fakeGrecaptcha((callbacks) => callbacks['error-callback']());
    const served = serveGoogleScript(grecaptcha);
    const { client, fetch } = apiWith({ provider: 'recaptcha', site_key: 'site-key-1' });
    expect(await passBotCheck(client)).toBeNull();
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/v2/users/captcha-challenge/']);
    served.disconnect();
  });
});
