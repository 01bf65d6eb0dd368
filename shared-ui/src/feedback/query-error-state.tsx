import { readApiError } from 'shared-contracts';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';

export const LOAD_ERROR_TITLE = 'تعذر تحميل البيانات';
export const FORBIDDEN_TITLE = 'لا تملك صلاحية عرض هذه البيانات';
export const NOT_FOUND_DESCRIPTION = 'ربما حُذف أو أن الرابط غير صحيح.';

export interface QueryErrorStateProps {
  /** The failed query's error (axios or anything else). */
  error: unknown;
  onRetry: () => void;
  /**
   * For a record page: a 404 then says the record does not exist (an empty state without a
   * retry, which would only fail again) instead of offering a retry.
   */
  notFoundTitle?: string;
  /** The title above the server's message; a 403 always says the permission is missing. */
  title?: string;
}

/**
 * A failed page or list query: the server's Arabic message (or the network one) with a retry;
 * a 403 is titled as a missing permission; with `notFoundTitle`, a 404 is an empty state.
 */
export function QueryErrorState({ error, onRetry, notFoundTitle, title }: QueryErrorStateProps) {
  const { status, message } = readApiError(error, LOAD_ERROR_TITLE);
  if (status === 404 && notFoundTitle !== undefined)
    return <EmptyState icon="alert" title={notFoundTitle} description={NOT_FOUND_DESCRIPTION} />;
  return (
    <ErrorState
      title={status === 403 ? FORBIDDEN_TITLE : title}
      message={message}
      onRetry={onRetry}
    />
  );
}
