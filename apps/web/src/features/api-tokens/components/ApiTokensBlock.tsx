import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { API_TOKEN_UI, SECTION_DISPLAY_NAMES, type ApiToken, type CreatedApiToken } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { formatDateTime } from '../../../ui/format/date';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { CreatedApiTokenDialog } from './CreatedApiTokenDialog';

/** 'Full: Signals, Orders · Read only: Pairs': a token's levels, grouped by level. */
function levelsText(token: ApiToken): string {
  const byLevel = new Map<string, string[]>();
  for (const perm of token.perms) {
    const level = API_TOKEN_UI.levelNames[perm.status];
    byLevel.set(level, [...(byLevel.get(level) ?? []), SECTION_DISPLAY_NAMES[perm.section_name]]);
  }
  return [...byLevel].map(([level, sections]) => `${level}: ${sections.join(', ')}`).join(' · ') || API_TOKEN_UI.levelNames.NP;
}

/** Account details' personal API tokens: the live ones, a new one (shown once), and revoke with a confirm. */
export function ApiTokensBlock() {
  const { user } = useAuthState();
  const tokens = useApiTokens();
  const createApiToken = useCreateApiToken();
  const revokeApiToken = useRevokeApiToken();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const revoke = async (token: ApiToken) => {
    try {
      await revokeApiToken.mutateAsync(token.id);
    } catch (e) {
      toast.error(normaliseError(e));
    }
  };

  const columns: Column<ApiToken>[] = [
    { field: 'name', header: API_TOKEN_UI.name, ellipsis: true },
    { field: 'prefix', header: API_TOKEN_UI.prefix, render: (t) => <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>{`${t.prefix}…`}</Typography> },
    { field: 'perms', header: API_TOKEN_UI.levels, render: levelsText, ellipsis: true },
    { field: 'created_at', header: API_TOKEN_UI.created, render: (t) => formatDateTime(t.created_at) },
    { field: 'last_used_at', header: API_TOKEN_UI.lastUsed, render: (t) => (t.last_used_at ? formatDateTime(t.last_used_at) : API_TOKEN_UI.never) },
    { field: 'expires_at', header: API_TOKEN_UI.expires, render: (t) => formatDateTime(t.expires_at) },
    {
      field: 'revoke',
      header: API_TOKEN_UI.revoke,
      render: (t) => (
        <Button size="small" color="error" aria-label={API_TOKEN_UI.revokeFor(t.name)} onClick={() => setRevoking(t)}>
          {API_TOKEN_UI.revoke}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        title={API_TOKEN_UI.title}
        columns={columns}
        rows={tokens.data?.results}
        rowKey={(t) => String(t.id)}
        isLoading={tokens.isPending}
        error={tokens.error}
        emptyText={API_TOKEN_UI.noTokens}
        columnChoice={false}
        toolbar={
          <Button size="small" variant="contained" disabled={!user} onClick={() => setCreating(true)} sx={{ ml: 'auto' }}>
            {API_TOKEN_UI.create}
          </Button>
        }
        testId="api-tokens"
      />
      {creating && user && (
        <CreateApiTokenDialog
          user={user}
          onCreate={(body) => createApiToken.mutateAsync(body)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
          onClose={() => setCreating(false)}
        />
      )}
      {created && <CreatedApiTokenDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          title={API_TOKEN_UI.revokeTitle}
          text={API_TOKEN_UI.revokeText(revoking.name)}
          confirmLabel={API_TOKEN_UI.revoke}
          onConfirm={() => void revoke(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </>
  );
}
