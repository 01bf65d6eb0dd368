import { useRouteError } from 'react-router-dom';
import { ErrorState } from 'shared-ui';

export const APP_ERROR_TITLE = 'حدث خطأ غير متوقع';

/**
 * The data router's last resort (root `errorElement`): without it react-router shows its own
 * English developer page. Remote pages have their own boundary (the remote error panel); this
 * catches a failure in the shell itself. Reloading starts clean; nothing typed in a form is lost,
 * because forms keep their drafts outside React (e.g. the family wizard in local storage).
 */
export function AppErrorPage() {
  const error = useRouteError();
  // The details belong in the console for support, not on the screen.
  console.error('خطأ غير متوقع في واجهة النظام', error);
  return (
    <main style={{ padding: '2rem' }}>
      <ErrorState
        title={APP_ERROR_TITLE}
        message="تعذر عرض هذه الصفحة. أعد تحميل الصفحة، وإن تكرر الخطأ فأبلغ مسؤول النظام."
        retryLabel="إعادة تحميل الصفحة"
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
