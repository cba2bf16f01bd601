import { RECAPTCHA } from '@console/contracts';

/** The part of Google's reCAPTCHA v2 API the sign-in uses (an invisible widget, rendered explicitly). */
export interface Grecaptcha {
  ready(callback: () => void): void;
  render(
    container: HTMLElement,
    parameters: { sitekey: string; size: 'invisible'; callback: (response: string) => void; 'expired-callback': () => void; 'error-callback': () => void },
  ): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** A challenge left open (the user walked away from the pictures) counts as not passed after this long. */
export const RECAPTCHA_ANSWER_TIMEOUT_MS = 120_000;

let loading: Promise<Grecaptcha> | null = null;
let widget: { id: number; settle: (response: string | null) => void } | null = null;

/** Adds Google's script to the page once, on the first sign-in that needs it. */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${RECAPTCHA.scriptUrl}?render=explicit`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Runs the invisible reCAPTCHA with the API's site key and answers its response token, or null when
 * the check fails, expires or is left open. Google shows its picture challenge only when it doubts.
 */
export async function recaptchaResponse(siteKey: string): Promise<string | null> {
  const grecaptcha = await loadRecaptcha();
  return new Promise((resolve) => {
    const timer = setTimeout(() => settle(null), RECAPTCHA_ANSWER_TIMEOUT_MS);
    function settle(response: string | null) {
      clearTimeout(timer);
      resolve(response || null);
    }
    if (!widget) {
      const container = document.createElement('div');
      document.body.appendChild(container);
      const created = { id: 0, settle };
      created.id = grecaptcha.render(container, {
        sitekey: siteKey,
        size: 'invisible',
        callback: (response) => created.settle(response),
        'expired-callback': () => created.settle(null),
        'error-callback': () => created.settle(null),
      });
      widget = created;
    } else {
      // Each sign-in spends one response: a fresh one for every attempt.
      grecaptcha.reset(widget.id);
      widget.settle = settle;
    }
    grecaptcha.execute(widget.id);
  });
}

/** For tests: forget the loaded script and the widget. */
export function forgetRecaptcha(): void {
  loading = null;
  widget = null;
}
