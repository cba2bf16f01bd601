import { LIMITS } from '@console/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { PagingPicker, type PickerOption, type PickerPageQuery } from './PagingPicker';

const PAGE = LIMITS.autocompletePageSize;
const profile = (n: number): PickerOption => ({ id: n, label: `Profile ${n}` });

/** A list of 30 profiles served a page at a time; a search keeps the labels that contain it. */
function profilesServer() {
  const all = Array.from({ length: 30 }, (_, i) => profile(i + 1));
  return vi.fn(async ({ search, page, page_size }: PickerPageQuery) => {
    const matching = all.filter((option) => option.label.includes(search));
    const results = matching.slice((page - 1) * page_size, page * page_size);
    return { next: page * page_size < matching.length ? `/profiles/?page=${page + 1}` : null, results };
  });
}

function renderPicker(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function MultiplePicker({ fetchPage }: { fetchPage: ReturnType<typeof profilesServer> }) {
  const [ids, setIds] = useState<number[]>([]);
  return <PagingPicker multiple label="Profiles" queryKey={queryKeys.strategyProfiles.options()} fetchPage={fetchPage} value={ids} onChange={(next) => setIds(next.map((o) => o.id))} testId="profiles" />;
}

/** Lets the fetches answer and React render what they brought, without letting time pass. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
};

/** Puts the open list's scroll position `gap` pixels above its bottom and tells it so. */
function scrollTo(listbox: HTMLElement, gap: number) {
  Object.defineProperty(listbox, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(listbox, 'clientHeight', { configurable: true, value: 300 });
  listbox.scrollTop = 1000 - 300 - gap;
  fireEvent.scroll(listbox);
}

async function openList() {
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  await settle();
  return screen.getByRole('listbox');
}

describe('PagingPicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the next page only when the list is scrolled to within 5 px of its bottom', async () => {
    const fetchPage = profilesServer();
    renderPicker(<MultiplePicker fetchPage={fetchPage} />);
    const listbox = await openList();
    expect(within(listbox).getAllByRole('option')).toHaveLength(PAGE);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenLastCalledWith({ search: '', page: 1, page_size: PAGE });

    scrollTo(listbox, LIMITS.autocompleteBottomPx + 1);
    await settle();
    expect(fetchPage).toHaveBeenCalledTimes(1);

    scrollTo(listbox, LIMITS.autocompleteBottomPx);
    await settle();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage).toHaveBeenLastCalledWith({ search: '', page: 2, page_size: PAGE });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(30);
    expect(screen.getByRole('option', { name: 'Profile 30' })).toBeInTheDocument();

    // The last page has no next link: scrolling further asks for nothing.
    scrollTo(screen.getByRole('listbox'), 0);
    await settle();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('sends the typed search once it has held still for 300 ms', async () => {
    const fetchPage = profilesServer();
    renderPicker(<MultiplePicker fetchPage={fetchPage} />);
    await openList();
    const input = screen.getByRole('combobox', { name: 'Profiles' });
    fireEvent.change(input, { target: { value: 'Profile 1' } });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.fieldSearchDebounceMs - 100));
    // Typing again within the wait starts it over.
    fireEvent.change(input, { target: { value: 'Profile 2' } });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.fieldSearchDebounceMs - 1));
    expect(fetchPage.mock.calls.map(([query]) => query.search)).toEqual(['']);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(fetchPage.mock.calls.map(([query]) => query.search)).toEqual(['', 'Profile 2']);
    expect(fetchPage).toHaveBeenLastCalledWith({ search: 'Profile 2', page: 1, page_size: PAGE });
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Profile 2', 'Profile 20', 'Profile 21', 'Profile 22', 'Profile 23', 'Profile 24', 'Profile 25', 'Profile 26', 'Profile 27', 'Profile 28', 'Profile 29']);
  });

  it('keeps a picked option, and its name, through more pages and another search', async () => {
    const fetchPage = profilesServer();
    renderPicker(<MultiplePicker fetchPage={fetchPage} />);
    let listbox = await openList();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Profile 3' }));
    await settle();

    listbox = await (async () => (screen.queryByRole('listbox') ? screen.getByRole('listbox') : openList()))();
    scrollTo(listbox, 0);
    await settle();
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Profile 25' }));
    await settle();

    // A search whose page holds neither.
    await (screen.queryByRole('listbox') ? Promise.resolve() : openList());
    fireEvent.change(screen.getByRole('combobox', { name: 'Profiles' }), { target: { value: 'Profile 1' } });
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.fieldSearchDebounceMs));
    await settle();
    expect(fetchPage).toHaveBeenLastCalledWith({ search: 'Profile 1', page: 1, page_size: PAGE });
    expect(screen.queryByRole('option', { name: 'Profile 3' })).not.toBeInTheDocument();

    const chips = screen.getByTestId('profiles').querySelectorAll('.MuiChip-label');
    expect([...chips].map((chip) => chip.textContent)).toEqual(['Profile 3', 'Profile 25']);
  });

  it('names a picked id it has not loaded through fetchNamed (a filter from the query string)', async () => {
    const fetchPage = profilesServer();
    const fetchNamed = vi.fn(async (ids: number[]) => ids.map(profile));
    renderPicker(<PagingPicker label="Profile" queryKey={queryKeys.strategyProfiles.options()} fetchPage={fetchPage} fetchNamed={fetchNamed} value={28} onChange={() => undefined} />);
    await settle();
    expect(fetchNamed).toHaveBeenCalledWith([28]);
    expect(screen.getByRole('combobox', { name: 'Profile' })).toHaveValue('Profile 28');
  });
});
