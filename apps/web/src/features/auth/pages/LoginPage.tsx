import { Visibility, VisibilityOff } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, InputAdornment, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { PlainTextField } from '../../../ui/form/PlainTextField';
import { EMAIL_PATTERN, ERROR_CODES, MESSAGES } from '@console/contracts';
import { useApi, useAuthState } from '../../../api/context';
import { HttpError, normaliseError } from '../../../api/errors';
import { getCurrentUser } from '../../../session/api/get-current-user';
import { createTotp, secretOfOtpauth } from '../api/create-totp';
import { logIn } from '../api/log-in';
import { logInWithTotp } from '../api/log-in-with-totp';
import { passBotCheck } from '../api/pass-bot-check';

// Loaded once the password step passes: the first screen carries only the form.
const TwoFactorDialog = lazy(() => import('../components/TwoFactorDialog').then((m) => ({ default: m.TwoFactorDialog })));

interface Credentials {
  email: string;
  password: string;
}

/** The spec's messages for the two fields (the first screen checks them without a form library). */
function credentialErrors({ email, password }: Credentials): Partial<Record<keyof Credentials, string>> {
  const trimmed = email.trim();
  return {
    email: !trimmed ? MESSAGES.emailBlank : EMAIL_PATTERN.test(trimmed) ? undefined : MESSAGES.emailInvalid,
    password: password ? undefined : MESSAGES.passwordBlank,
  };
}

const errorProps = (message: string | undefined) => ({ error: !!message, helperText: message ?? ' ' });

/**
 * Sign-in: bot-check, credentials, QR fetch, the 2FA modal, code verification;
 * the PublicOnly guard then redirects the verified user.
 */
export function LoginPage() {
  const { client, store } = useApi();
  const auth = useAuthState();
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [manualKey, setManualKey] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  // As before a first submit nothing is flagged; after it, the messages follow the typing.
  const [submitted, setSubmitted] = useState(false);
  const fieldErrors = submitted ? credentialErrors(values) : {};
  const field = (name: keyof Credentials) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    ...errorProps(fieldErrors[name]),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const found = credentialErrors(values);
    if (!found.email && !found.password) void signIn(values);
  }

  async function signIn({ email, password }: Credentials) {
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

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: 4, width: '100%', maxWidth: 400 }} elevation={3}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          Sign in
        </Typography>
        <PlainTextField
          label="Email"
          type="email"
          autoComplete="username"
          data-testid="login-email"
          {...field('email')}
        />
        <PlainTextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          data-testid="login-password"
          {...field('password')}
          endAdornment={
            <InputAdornment position="end">
              <IconButton aria-label={showPassword ? 'Hide password' : 'Show password'} onClick={() => setShowPassword((s) => !s)} edge="end">
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          }
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="login-error">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 2 }} disabled={busy} data-testid="login-submit">
          Submit
        </Button>
      </Paper>
      {dialogOpen && auth.isAuthenticated && !auth.isVerified && (
        <Suspense fallback={null}>
          <TwoFactorDialog
            open
            qrCode={auth.qrCode}
            manualKey={manualKey}
            isVerifiedBefore={auth.isVerifiedBefore}
            error={codeError}
            busy={busy}
            onSubmit={verify}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
