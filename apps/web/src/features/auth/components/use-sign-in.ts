import { useState } from 'react';
import { ERROR_CODES, MESSAGES } from '@console/contracts';
import { useApi } from '../../../api/context';
import { HttpError, normaliseError } from '../../../api/errors';
import { getCurrentUser } from '../../../session/api/get-current-user';
import { createTotp, secretOfOtpauth } from '../api/create-totp';
import { logIn } from '../api/log-in';
import { logInWithTotp } from '../api/log-in-with-totp';
import { passBotCheck } from '../api/pass-bot-check';

/** The sign-in steps after a valid form: bot-check, credentials, QR fetch, then the code in the 2FA modal. */
export function useSignIn() {
  const { client, store } = useApi();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [manualKey, setManualKey] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  async function signIn(email: string, password: string) {
    setError(null);
    setBusy(true);
    try {
      const captchaToken = await passBotCheck(client).catch(() => null);
      if (!captchaToken) return setError(MESSAGES.captchaFailed);
      try {
        const pair = await logIn(client, email.trim(), password, captchaToken).catch(async (e: unknown) => {
          // Past the account's failure threshold the API asks for the costlier check: solved here, once.
          if (!(e instanceof HttpError && e.code === ERROR_CODES.harderBotCheck)) throw e;
          const harderToken = await passBotCheck(client, 'harder').catch(() => null);
          if (!harderToken) throw e;
          return logIn(client, email.trim(), password, harderToken);
        });
        store.signedIn(pair);
      } catch (e) {
        const ownWords = e instanceof HttpError && (e.status === 429 || e.code === ERROR_CODES.harderBotCheck);
        return setError(ownWords ? normaliseError(e) : MESSAGES.loginInvalid);
      }
      try {
        const totp = await createTotp(client);
        store.update({ qrCode: totp.qr || null, isVerifiedBefore: totp.is_verified });
        setManualKey(secretOfOtpauth(totp.url));
      } catch {
        return setError(MESSAGES.qrCodeError);
      }
      setCodeError(null);
      setDialogOpen(true);
    } finally {
      setBusy(false);
    }
  }

  async function verify(code: string) {
    setCodeError(null);
    setBusy(true);
    try {
      const tokens = await logInWithTotp(client, code);
      store.update({ accessToken: tokens.access });
      store.verified(tokens, await getCurrentUser(client));
    } catch (e) {
      setCodeError(e instanceof HttpError && e.status === 429 ? normaliseError(e) : MESSAGES.twoFactorFailed);
    } finally {
      setBusy(false);
    }
  }

  return { error, busy, dialogOpen, closeDialog: () => setDialogOpen(false), manualKey, codeError, signIn, verify };
}
