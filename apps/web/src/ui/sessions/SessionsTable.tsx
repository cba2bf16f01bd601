import { Button, Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { deviceName, EMPTY_VALUE, SESSION_UI, type UserSession } from '@console/contracts';
import { formatDateTime } from '../format/date';
import { DataTable, type Column } from '../table/DataTable';

export interface SessionsTableProps {
  sessions: readonly UserSession[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** 'End' on each session but the current one; absent when the viewer may not end them. */
  onEnd?: (session: UserSession) => void;
  /** Actions above the rows ('End all other sessions'). */
  toolbar?: ReactNode;
  testId: string;
}

/** The live sessions of a user: browser and system, address, when signed in and last active. */
export function SessionsTable({ sessions, isLoading, error, onEnd, toolbar, testId }: SessionsTableProps) {
  const columns: Column<UserSession>[] = [
    {
      field: 'browser',
      header: SESSION_UI.browser,
      render: (s) => (
        <>
          {s.browser}
          {s.is_current && <Chip label={SESSION_UI.thisSession} size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />}
        </>
      ),
    },
    { field: 'system', header: SESSION_UI.system },
    { field: 'address', header: SESSION_UI.address },
    { field: 'signed_in_at', header: SESSION_UI.signedInAt, render: (s) => formatDateTime(s.signed_in_at) },
    { field: 'last_active_at', header: SESSION_UI.lastActiveAt, render: (s) => formatDateTime(s.last_active_at) },
  ];
  if (onEnd) {
    columns.push({
      field: 'end',
      header: SESSION_UI.end,
      render: (s) =>
        s.is_current ? (
          EMPTY_VALUE
        ) : (
          <Button size="small" color="error" aria-label={SESSION_UI.endActionFor(deviceName(s.browser, s.system), s.address)} onClick={() => onEnd(s)}>
            {SESSION_UI.end}
          </Button>
        ),
    });
  }
  return (
    <DataTable
      title={SESSION_UI.sessionsTitle}
      columns={columns}
      rows={sessions}
      rowKey={(s) => s.id}
      isLoading={isLoading}
      error={error}
      emptyText={SESSION_UI.noSessions}
      columnChoice={false}
      toolbar={toolbar}
      testId={testId}
    />
  );
}
