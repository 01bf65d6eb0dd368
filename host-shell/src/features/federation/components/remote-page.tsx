import { Suspense } from 'react';
import type { RemoteName } from 'shared-contracts';
import { Card, LoadingState, PageHeader, declaredPageHeader } from 'shared-ui';
import { usePageReady, useRemotePages } from '../hooks/use-remote-pages';
import { RemoteLoadError, remoteLabel, toRemoteLoadError } from '../remote-load-error';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteErrorPanel } from './remote-error-panel';
import { useRemoteRegistry } from './remote-registry-provider';
import { RemoteVersionLine } from './remote-version-line';

interface RemotePageProps {
  remote: RemoteName;
  pageId: string;
}

/**
 * One page of a remote. The remote's `./pages` map is loaded on the first visit to any of its
 * pages (or earlier: a hovered or focused sidebar link, idle time after login); the looked-up lazy
 * component is rendered directly — never returned from another React.lazy, which would be a lazy
 * resolving to a lazy (React error #306). Its chunk is loaded before it renders, while this
 * component shows its own loading panel, so React never suspends on it and never holds the page
 * back behind its Suspense reveal throttle (≈ 300 ms). The <Suspense> stays as a safety net for
 * whatever a page suspends on inside. Under it, a muted line names the running version.
 */
export function RemotePage({ remote, pageId }: RemotePageProps) {
  const { state, generation, retry } = useRemotePages(remote);
  const { registry } = useRemoteRegistry();
  const Page = state.status === 'ready' ? state.pages[pageId] : undefined;
  const pageReady = usePageReady(Page);

  if (state.status === 'loading')
    return <PageLoading pageId={pageId} label={`جارٍ تحميل قسم «${remoteLabel(remote)}»...`} />;
  if (state.status === 'error')
    return <RemoteErrorPanel remote={remote} error={state.error} onRetry={retry} />;

  if (!Page) {
    const error = new RemoteLoadError(remote, {
      kind: 'failed',
      cause: new Error(`${remote} has no page ${pageId}`),
    });
    return <RemoteErrorPanel remote={remote} error={error} onRetry={retry} />;
  }
  if (!pageReady) return <PageLoading pageId={pageId} />;
  return (
    <>
      <RemoteErrorBoundary
        key={`${pageId}#${generation}`}
        remote={remote}
        onError={(error) => registry.reportRenderError(remote, error)}
        fallback={(error) => (
          <RemoteErrorPanel
            remote={remote}
            error={toRemoteLoadError(remote, error)}
            onRetry={retry}
          />
        )}
      >
        <Suspense fallback={<LoadingState />}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
      <RemoteVersionLine remote={remote} />
    </>
  );
}

/**
 * What stands in for a page while its section's code loads. A page whose route declares its
 * header (a section's list page) gets that header at once, in the same place and words as the
 * page draws it, above the loading panel: the page's title and the line under it, its largest
 * text, do not wait for the section's code (on a slow PC and line, seconds).
 */
function PageLoading({ pageId, label }: { pageId: string; label?: string }) {
  const heading = declaredPageHeader(pageId);
  const loading = <LoadingState {...(label === undefined ? {} : { label })} />;
  if (!heading) return loading;
  return (
    <>
      <PageHeader title={heading.title} description={heading.description} />
      <Card>{loading}</Card>
    </>
  );
}
