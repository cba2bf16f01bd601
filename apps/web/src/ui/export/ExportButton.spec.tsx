import { EXPORT_MESSAGES, EXPORT_PATHS, EXPORT_POLL_INTERVAL_MS } from '@console/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../test/fixtures';
import { ExportButton } from './ExportButton';

const CALLS = EXPORT_PATHS.signals;

const CANCELLED = { task_status: 'CANCELLED', progress: 40, filename: null, expired: false };

/** Answers the export calls: the task's states in turn, then the file; a cancel with `cancel`. */
function exportServer(states: unknown[], start: [number, unknown] = [200, { task_id: 'task-1' }], cancel: [number, unknown] = [200, CANCELLED]) {
  let polls = 0;
  return fakeFetch((method, path) => {
    if (path.startsWith(CALLS.start)) return start;
    if (path === CALLS.result('task-1')) return [200, states[Math.min(polls++, states.length - 1)]];
    if (path === CALLS.file('task-1')) return [200, 'xlsx bytes'];
    if (method === 'POST' && path === CALLS.cancel('task-1')) return cancel;
    return [404, { detail: 'Not found.' }];
  });
}

describe('ExportButton', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts a task with the filters, polls every 3 s with the progress on the button, then downloads the file by its name', async () => {
    const fetch = exportServer([
      { task_status: 'PROGRESS', progress: 40, filename: null, expired: false },
      { task_status: 'SUCCESS', progress: 100, filename: 'Signals report 15-01-2026.xlsx', expired: false },
    ]);
    renderWithApp(<ExportButton calls={CALLS} params={{ status: 'finished', show_missed: false }} />, { api: makeApi(signedInState(makeUser()), fetch) });
    await act(async () => screen.getByTestId('export-button').click());
    expect(fetch.calls[0].url).toBe(`/api/v2${CALLS.start}?status=finished&show_missed=false`);
    expect(screen.getByTestId('export-button')).toBeDisabled();
    expect(screen.getByTestId('export-spinner')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS - 100));
    expect(fetch.calls).toHaveLength(1); // no poll before 3 s
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText('Export 40%')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:export', download: 'Signals report 15-01-2026.xlsx' }]));
    const file = fetch.calls.at(-1)!;
    expect(file.url).toBe(`/api/v2${CALLS.file('task-1')}`);
    expect(file.auth).toBe('Bearer access-1');
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    expect(screen.queryByTestId('export-spinner')).not.toBeInTheDocument();
  });

  it('says the export is queued while its task waits for a worker, then shows the percent', async () => {
    const fetch = exportServer([
      { task_status: 'QUEUED', progress: 0, filename: null, expired: false },
      { task_status: 'PROGRESS', progress: 10, filename: null, expired: false },
      { task_status: 'SUCCESS', progress: 100, filename: 'Signals report 15-01-2026.xlsx', expired: false },
    ]);
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), fetch) });
    await act(async () => screen.getByTestId('export-button').click());
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Export queued')).toBeInTheDocument();
    expect(screen.getByLabelText('Export queued')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Export 10%')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
  });

  it('shows a refusal for too many exports in progress as a toast', async () => {
    const refused = exportServer([], [429, { detail: EXPORT_MESSAGES.tooMany, code: 'throttled' }]);
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), refused) });
    await act(async () => screen.getByTestId('export-button').click());
    expect(await screen.findByText(EXPORT_MESSAGES.tooMany)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    expect(saved).toEqual([]);
  });

  it('shows a failed task and a refused start as a toast, and downloads nothing', async () => {
    const failing = exportServer([{ task_status: 'FAILURE', progress: 0, filename: null, expired: false }]);
    const first = renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), failing) });
    await act(async () => screen.getByTestId('export-button').click());
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText(EXPORT_MESSAGES.failed)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    first.unmount();

    const refused = exportServer([], [403, { detail: 'You do not have permission to perform this action.' }]);
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), refused) });
    await act(async () => screen.getByTestId('export-button').click());
    expect(await screen.findByText('You do not have permission to perform this action.')).toBeInTheDocument();
    expect(refused.calls).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  it('offers Cancel while the export runs: it cancels the task at once, returns the button to idle and says so', async () => {
    const fetch = exportServer([{ task_status: 'PROGRESS', progress: 40, filename: null, expired: false }]);
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), fetch) });
    expect(screen.queryByTestId('export-cancel')).not.toBeInTheDocument();
    await act(async () => screen.getByTestId('export-button').click());
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Export 40%')).toBeInTheDocument();
    const polls = fetch.calls.length;

    await act(async () => screen.getByTestId('export-cancel').click());
    // Sent at once, not at the next poll.
    await vi.waitFor(() => expect(fetch.calls.map((c) => `${c.method} ${c.url}`)).toContain(`POST /api/v2${CALLS.cancel('task-1')}`));
    expect(fetch.calls[polls].auth).toBe('Bearer access-1');
    expect(await screen.findByText(EXPORT_MESSAGES.cancelled)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    expect(screen.getByTestId('export-button')).toHaveTextContent('Export');
    expect(screen.queryByTestId('export-spinner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('export-cancel')).not.toBeInTheDocument();

    // Nothing more is asked for, nothing downloaded.
    const after = fetch.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(3 * EXPORT_POLL_INTERVAL_MS));
    expect(fetch.calls).toHaveLength(after);
    expect(saved).toEqual([]);
  });

  it('shows Cancelling… until the API answers, and a cancel asked before the task had its id still reaches it', async () => {
    let answerStart!: () => void;
    const startAnswered = new Promise<void>((resolve) => (answerStart = resolve));
    let answerCancel!: () => void;
    const cancelAnswered = new Promise<void>((resolve) => (answerCancel = resolve));
    const fetch = fakeFetch(async (method, path) => {
      if (path.startsWith(CALLS.start)) return startAnswered.then(() => [200, { task_id: 'task-1' }]);
      if (method === 'POST' && path === CALLS.cancel('task-1')) return cancelAnswered.then(() => [200, CANCELLED]);
      return [200, { task_status: 'QUEUED', progress: 0, filename: null, expired: false }];
    });
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), fetch) });
    await act(async () => screen.getByTestId('export-button').click());
    await act(async () => screen.getByTestId('export-cancel').click());
    expect(screen.getByTestId('export-cancel')).toBeDisabled();
    expect(screen.getByTestId('export-cancel')).toHaveTextContent('Cancelling…');
    await act(async () => answerStart());
    await vi.waitFor(() => expect(fetch.calls.at(-1)!.url).toBe(`/api/v2${CALLS.cancel('task-1')}`));
    expect(fetch.calls.map((c) => c.url)).not.toContain(`/api/v2${CALLS.result('task-1')}`);
    expect(screen.getByTestId('export-button')).toBeDisabled();
    await act(async () => answerCancel());
    expect(await screen.findByText(EXPORT_MESSAGES.cancelled)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
  });

  it('a task cancelled elsewhere ends the wait with the notice; a cancel refused because the task ended shows why', async () => {
    const elsewhere = exportServer([{ task_status: 'QUEUED', progress: 0, filename: null, expired: false }, CANCELLED]);
    const first = renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), elsewhere) });
    await act(async () => screen.getByTestId('export-button').click());
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Export queued')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText(EXPORT_MESSAGES.cancelled)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    first.unmount();

    const ended = exportServer([{ task_status: 'PROGRESS', progress: 90, filename: null, expired: false }], undefined, [400, { detail: EXPORT_MESSAGES.notCancellable }]);
    renderWithApp(<ExportButton calls={CALLS} params={{}} />, { api: makeApi(signedInState(makeUser()), ended) });
    await act(async () => screen.getByTestId('export-button').click());
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_INTERVAL_MS));
    expect(await screen.findByText('Export 90%')).toBeInTheDocument();
    await act(async () => screen.getByTestId('export-cancel').click());
    expect(await screen.findByText(EXPORT_MESSAGES.notCancellable)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByTestId('export-button')).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
