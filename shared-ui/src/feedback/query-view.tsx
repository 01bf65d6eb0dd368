import type { ReactNode } from 'react';
import { LoadingState } from './loading-state';
import { QueryErrorState } from './query-error-state';

/** The part of a react-query result QueryView reads. */
export interface QueryViewQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryViewQuery<T>;
  /** While loading ('جارٍ تحميل ملف الأسرة...'). */
  loadingLabel: string;
  /** A record page's 404 title ('الأسرة غير موجودة'): the record does not exist, no retry. */
  notFoundTitle?: string;
  /** The page once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * A page that shows one query's data: its loading state, then either the error (a retry, or
 * "not found" for a missing record) or the content (every page has them all).
 */
export function QueryView<T>({ query, loadingLabel, notFoundTitle, children }: QueryViewProps<T>) {
  if (query.isError)
    return (
      <QueryErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundTitle={notFoundTitle}
      />
    );
  if (query.isPending || query.data === undefined) return <LoadingState label={loadingLabel} />;
  return <>{children(query.data)}</>;
}
