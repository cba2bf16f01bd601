import { Visibility, VisibilityOff } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, InputAdornment, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { PlainTextField } from '../../../ui/form/PlainTextField';
import { EMAIL_PATTERN, MESSAGES } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { useSignIn } from '../components/use-sign-in';

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
 * Sign-in: the form here, then bot-check, credentials, QR fetch, the 2FA modal, code verification
 * (use-sign-in.ts); the PublicOnly guard then redirects the verified user.
 */
export function LoginPage() {
  const auth = useAuthState();
  const { error, busy, dialogOpen, closeDialog, manualKey, codeError, signIn, verify } = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
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
    if (!found.email && !found.password) void signIn(values.email, values.password);
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
            onClose={closeDialog}
          />
        </Suspense>
      )}
    </Box>
  );
}
