import { Visibility, VisibilityOff } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { EMAIL_PATTERN, MESSAGES } from '@console/contracts';
import { useApi, useAuthState } from '../../../api/context';
import { HttpError, normaliseError } from '../../../api/errors';
import { getCurrentUser } from '../../../session/api/get-current-user';
import { createTotp, logIn, logInWithTotp, passBotCheck, secretOfOtpauth } from '../api/sign-in';
import { TwoFactorDialog } from '../components/TwoFactorDialog';

interface Credentials {
  email: string;
  password: string;
}

/**
 * Sign-in (platform.md 2.2): bot-check, credentials, QR fetch, the 2FA modal, code verification;
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
  const { register, handleSubmit, formState } = useForm<Credentials>({ defaultValues: { email: '', password: '' } });

  async function signIn({ email, password }: Credentials) {
    setError(null);
    setBusy(true);
    try {
      const captchaToken = await passBotCheck(client).catch(() => null);
      if (!captchaToken) return setError(MESSAGES.captchaFailed);
      try {
        store.signedIn(await logIn(client, email.trim(), password, captchaToken));
      } catch (e) {
        return setError(e instanceof HttpError && e.status === 429 ? normaliseError(e) : MESSAGES.loginInvalid);
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
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="form" onSubmit={handleSubmit(signIn)} noValidate sx={{ p: 4, width: '100%', maxWidth: 400 }} elevation={3}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          Sign in
        </Typography>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          fullWidth
          margin="normal"
          {...fieldErrorProps(formState.errors.email)}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
          {...register('email', {
            validate: (v) => (!v.trim() ? MESSAGES.emailBlank : EMAIL_PATTERN.test(v.trim()) || MESSAGES.emailInvalid),
          })}
        />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          fullWidth
          margin="normal"
          {...fieldErrorProps(formState.errors.password)}
          slotProps={{
            htmlInput: { 'data-testid': 'login-password' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={showPassword ? 'Hide password' : 'Show password'} onClick={() => setShowPassword((s) => !s)} edge="end">
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
          {...register('password', { validate: (v) => !!v || MESSAGES.passwordBlank })}
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
      <TwoFactorDialog
        open={dialogOpen && auth.isAuthenticated && !auth.isVerified}
        qrCode={auth.qrCode}
        manualKey={manualKey}
        isVerifiedBefore={auth.isVerifiedBefore}
        error={codeError}
        busy={busy}
        onSubmit={verify}
        onClose={() => setDialogOpen(false)}
      />
    </Box>
  );
}
