import { ErrorState } from 'shared-ui';
import type { RemoteName } from 'shared-contracts';
import { useDropWhenLeft } from '../../../lib/kept-page';
import { remoteLabel, requiredContractsRange, type RemoteLoadError } from '../remote-load-error';

export const REMOTE_STILL_WORKING = 'بقية أقسام النظام تعمل بشكل طبيعي.';

export function remoteFailedTitle(remote: RemoteName): string {
  return `تعذر تحميل قسم «${remoteLabel(remote)}»`;
}

export function remoteIncompatibleTitle(
  remote: RemoteName,
  remoteContracts: string,
  hostContracts: string,
): string {
  return `قسم «${remoteLabel(remote)}» غير متوافق مع هذه النسخة من النظام (عقد الإصدار ${remoteContracts}، المطلوب ${requiredContractsRange(hostContracts)})`;
}

interface RemoteErrorPanelProps {
  remote: RemoteName;
  error: RemoteLoadError;
  onRetry: () => void;
}

/** The Arabic panel in the main area for a remote that is missing, broken or incompatible. */
export function RemoteErrorPanel({ remote, error, onRetry }: RemoteErrorPanelProps) {
  // Left and visited again, the section tries to load anew instead of showing this panel again.
  useDropWhenLeft();
  const { failure } = error;
  if (failure.kind === 'incompatible') {
    // Retrying cannot help until a compatible release is promoted; the next page load picks it up.
    return (
      <ErrorState
        title={remoteIncompatibleTitle(remote, failure.remoteContracts, failure.hostContracts)}
        message={`لم يُحمَّل هذا القسم حمايةً للنظام، وسيعود بعد نشر إصدار متوافق منه. ${REMOTE_STILL_WORKING}`}
      />
    );
  }
  const message =
    failure.kind === 'missing'
      ? `هذا القسم غير منشور حالياً على الخادم. ${REMOTE_STILL_WORKING}`
      : `حدث خطأ أثناء تحميل هذا القسم أو عرضه. ${REMOTE_STILL_WORKING}`;
  return <ErrorState title={remoteFailedTitle(remote)} message={message} onRetry={onRetry} />;
}
