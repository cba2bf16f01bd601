import { Alert, Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { LIMITS, MESSAGES } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { formatDateTime } from '../../../ui/format/date';
import { PageTitle } from '../../../ui/PageTitle';
import { EllipsisText } from '../../../ui/text/EllipsisText';
import { useNotifications } from '../api/get-notifications';

/** How close to the bottom (px) the next page starts loading. */
const NEAR_BOTTOM_PX = 200;

/**
 * The notifications feed: the next page loads near the bottom, debounced at 700 ms.
 * A sentinel after the last item also loads pages while it is on screen, so a tall window whose first
 * page does not fill it (and so never scrolls) still gets the rest.
 */
export function NotificationsPage() {
  const feed = useNotifications();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    function onScroll() {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const nearBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_BOTTOM_PX;
        if (nearBottom && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      }, LIMITS.notificationsScrollDebounceMs);
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer.current);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const sentinel = useRef<HTMLDivElement>(null);
  const pagesLoaded = feed.data?.pages.length ?? 0;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    // Made again after each page: a new observer reports at once whether the sentinel is still in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (!isFetchingNextPage) void fetchNextPage();
        }, LIMITS.notificationsScrollDebounceMs);
      },
      { rootMargin: `0px 0px ${NEAR_BOTTOM_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [pagesLoaded, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = feed.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageTitle>Notifications</PageTitle>
      {feed.isError && <Alert severity="error">{normaliseError(feed.error)}</Alert>}
      {feed.isSuccess && items.length === 0 && <Typography color="text.secondary">{MESSAGES.noNotifications}</Typography>}
      <Stack spacing={1.5}>
        {items.map((n) => (
          <Paper key={n.id} sx={{ p: 2 }} data-testid="notification">
            {/* On a phone the date goes under the title, which then has the card's width. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, columnGap: 2 }}>
              <Typography component="div" sx={{ fontWeight: 600, minWidth: 0 }}>
                <EllipsisText text={n.title} />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {formatDateTime(n.created_at)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.text_body}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <div ref={sentinel} data-testid="feed-end" />
      {(feed.isLoading || isFetchingNextPage) && <CircularProgress size={24} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
    </Box>
  );
}
