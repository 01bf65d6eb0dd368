import { readApiError } from 'shared-contracts';
import { ErrorState } from 'shared-ui';

/** A failed list query: the server's Arabic message (or the network one) with a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { status, message } = readApiError(error, 'تعذر تحميل البيانات');
  return (
    <ErrorState
      title={status === 403 ? 'لا تملك صلاحية عرض هذه البيانات' : 'تعذر تحميل البيانات'}
      message={message}
      onRetry={onRetry}
    />
  );
}
