import { readApiError } from 'shared-contracts';
import { EmptyState, ErrorState } from 'shared-ui';

/** A failed page query: 404 says the record does not exist, anything else offers a retry. */
export function QueryError({
  error,
  onRetry,
  notFoundTitle = 'السجل غير موجود',
}: {
  error: unknown;
  onRetry: () => void;
  notFoundTitle?: string;
}) {
  const { status, message } = readApiError(error, 'تعذر تحميل البيانات');
  if (status === 404)
    return (
      <EmptyState
        icon="alert"
        title={notFoundTitle}
        description="ربما حُذف أو أن الرابط غير صحيح."
      />
    );
  return <ErrorState message={message} onRetry={onRetry} />;
}
