import styled from 'styled-components';
import { REMOTE_NAMES } from 'shared-contracts';
import { Button, Icon, IconButton } from 'shared-ui';
import { useRemoteUpdates } from '../hooks/use-remote-updates';
import { remoteLabel } from '../remote-load-error';
import { useRemoteRegistry } from './remote-registry-provider';

export const RELOAD_LABEL = 'إعادة التحميل';

export function updateNoticeText(label: string): string {
  return `تتوفر نسخة أحدث من قسم «${label}». أعد تحميل الصفحة لاستخدامها.`;
}

const Banner = styled.div<{ $tone: 'info' | 'warning' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  background: ${({ theme, $tone }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone }) => theme.colors.badge[$tone].fg};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1 1 16rem;
  gap: ${({ theme }) => theme.space.xxs};
`;

/**
 * Non-blocking notices above the main area: a newer release of a remote that is running in this
 * page (release flow b), and — outside production — the developer overrides in force.
 */
export function RemoteNotices() {
  const { registry, reloadPage } = useRemoteRegistry();
  const { updates, dismiss } = useRemoteUpdates();
  const overridden = REMOTE_NAMES.filter((remote) => registry.overrides[remote]);

  return (
    <>
      {overridden.length > 0 ? (
        <Banner $tone="warning" role="note">
          <Icon name="info" size={18} />
          <Text>
            {overridden.map((remote) => (
              <span key={remote}>
                وضع التطوير: قسم «{remoteLabel(remote)}» يُحمَّل من{' '}
                <bdi dir="ltr">{registry.overrides[remote]}</bdi>
              </span>
            ))}
          </Text>
        </Banner>
      ) : null}
      <div role="status" aria-live="polite">
        {updates.length > 0 ? (
          <Banner $tone="info">
            <Icon name="refresh" size={18} />
            <Text>
              {updates.map((update) => (
                <span key={update.remote}>{updateNoticeText(remoteLabel(update.remote))}</span>
              ))}
            </Text>
            <Button size="sm" onClick={reloadPage}>
              {RELOAD_LABEL}
            </Button>
            <IconButton label="إخفاء التنبيه" icon="close" size="sm" onClick={dismiss} />
          </Banner>
        ) : null}
      </div>
    </>
  );
}
