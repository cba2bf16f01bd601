import { Button, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { API_TOKEN_UI, LEVELS, SECTION_DISPLAY_NAMES, type ApiToken, type CreatedApiToken } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { formatDate, formatDateTime } from '../../../ui/format/date';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateApiTokenDialog } from './CreateApiTokenDialog';
import { CreatedApiTokenDialog } from './CreatedApiTokenDialog';

/** Sections listed by name up to this many per level; more are counted, named in the tooltip. */
const NAMED_SECTIONS = 3;

/** 'Full: Pairs · Read only: 21 sections': a token's levels, the highest first, short (`full`: every section named). */
function levelsText(token: ApiToken, full = false): string {
  const text = LEVELS.map((level) => {
    const sections = token.perms.filter((p) => p.status === level).map((p) => SECTION_DISPLAY_NAMES[p.section_name]);
    if (!sections.length) return '';
    return `${API_TOKEN_UI.levelNames[level]}: ${full || sections.length <= NAMED_SECTIONS ? sections.join(', ') : API_TOKEN_UI.sectionsCount(sections.length)}`;
  })
    .filter(Boolean)
    .join(' · ');
  return text || API_TOKEN_UI.levelNames.NP;
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
    {
      field: 'perms',
      header: API_TOKEN_UI.levels,
      render: (t) => (
        <Tooltip title={levelsText(t, true)}>
          <Typography component="span" variant="body2" tabIndex={0}>
            {levelsText(t)}
          </Typography>
        </Tooltip>
      ),
    },
    { field: 'created_at', header: API_TOKEN_UI.created, render: (t) => formatDate(t.created_at) },
    { field: 'last_used_at', header: API_TOKEN_UI.lastUsed, render: (t) => (t.last_used_at ? formatDateTime(t.last_used_at) : API_TOKEN_UI.never) },
    { field: 'expires_at', header: API_TOKEN_UI.expires, render: (t) => formatDate(t.expires_at) },
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
