import { useQuery } from '@tanstack/react-query';
import { clientEventEndpoints, remotesConfigSchema, type RemotesConfig } from 'shared-contracts';
import { useEndpointQuery } from 'shared-ui';

/** The site's remotes.json (public, same origin): stable versions, rollouts, automatic stops. */
export function useRemotesConfig() {
  return useQuery({
    queryKey: ['remotes.json'],
    queryFn: async (): Promise<RemotesConfig> => {
      const response = await fetch('/remotes.json', { cache: 'no-cache' });
      if (!response.ok) throw new Error(`remotes.json: ${response.status}`);
      return remotesConfigSchema.parse(await response.json());
    },
    // A rollout may stop by itself at any moment: read it again every minute.
    refetchInterval: 60_000,
  });
}

/**
 * Where the figures start: 24 hours back, or the start of the oldest running rollout when that
 * is earlier (a rollout is judged on everything since it began). Rounded to the minute, so the
 * query key does not change with every render.
 */
export function figuresSince(config: RemotesConfig, now = new Date()): string {
  const dayBack = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 24 * 60 * 60_000);
  const starts = Object.values(config.remotes).flatMap((entry) =>
    entry?.rollout ? [new Date(entry.rollout.startedAt)] : [],
  );
  const earliest = [dayBack, ...starts].reduce((a, b) => (b < a ? b : a));
  return earliest.toISOString();
}

/** What browsers reported per remote and version since `since` (GET /client-events/summary). */
export function useClientEventSummary(since: string | undefined) {
  return useEndpointQuery(
    clientEventEndpoints.summary,
    { query: { since } },
    { enabled: since !== undefined, refetchInterval: 60_000 },
  );
}
