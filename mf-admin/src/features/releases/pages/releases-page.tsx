import { REMOTE_NAMES } from 'shared-contracts';
import { EmptyState, PageHeader, QueryView, Stack, formatDateTime, pageHeader } from 'shared-ui';
import { figuresSince, useClientEventSummary, useRemotesConfig } from '../api/releases-api';
import { RemoteReleaseCard } from '../components/remote-release-card';

/**
 * /releases (super admins only: the host guards the route and the API refuses anyone else): per
 * remote its stable version, a staged rollout and whether it stopped by itself, and what
 * browsers reported about each version. Releases themselves are made with `pnpm release`
 * (gateway/README.md, "Staged rollouts").
 */
export default function ReleasesPage() {
  const config = useRemotesConfig();
  const since = config.data ? figuresSince(config.data) : undefined;
  const summary = useClientEventSummary(since);

  return (
    <>
      <PageHeader {...pageHeader('releases')} />
      <QueryView query={config} loadingLabel="جارٍ تحميل الإصدارات...">
        {(remotes) => (
          <QueryView query={summary} loadingLabel="جارٍ تحميل تقارير المتصفحات...">
            {(answer) => {
              const listed = REMOTE_NAMES.flatMap((remote) => {
                const entry = remotes.remotes[remote];
                return entry ? [{ remote, entry }] : [];
              });
              if (listed.length === 0)
                return (
                  <EmptyState
                    icon="info"
                    title="لا توجد إصدارات منشورة"
                    description="رقِّ إصداراً لكل قسم بأداة الإصدارات أولاً."
                  />
                );
              return (
                <Stack>
                  <p>التقارير منذ {formatDateTime(answer.data.since)}.</p>
                  {listed.map(({ remote, entry }) => (
                    <RemoteReleaseCard
                      key={remote}
                      remote={remote}
                      entry={entry}
                      rows={answer.data.rows.filter((row) => row.remote === remote)}
                    />
                  ))}
                </Stack>
              );
            }}
          </QueryView>
        )}
      </QueryView>
    </>
  );
}
