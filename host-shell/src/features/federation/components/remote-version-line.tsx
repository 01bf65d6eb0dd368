import styled from 'styled-components';
import type { RemoteName } from 'shared-contracts';
import { remoteLabel } from '../remote-load-error';
import type { RunningRemote } from '../remote-registry';
import { useRemoteRegistry } from './remote-registry-provider';

/** The version to name: release.json's (the files loaded), else remotes.json's; none for a bare dev server. */
function shownVersion(running: RunningRemote): string | null {
  return running.release?.version ?? (running.override ? null : running.version);
}

/** What a staged rollout's version is called on the line (the employee runs it before others). */
export const ROLLOUT_MARK = 'إصدار تجريبي';

/**
 * 'قسم المالية · الإصدار 1.0.1' (plus ' · إصدار تجريبي' for a staged rollout's version, and
 * ' · وضع التطوير' under a developer override).
 */
export function remoteVersionText(remote: RemoteName, running: RunningRemote): string {
  const version = shownVersion(running);
  return [
    `قسم ${remoteLabel(remote)}`,
    ...(version ? [`الإصدار ${version}`] : []),
    ...(running.channel === 'rollout' ? [ROLLOUT_MARK] : []),
    ...(running.override ? ['وضع التطوير'] : []),
  ].join(' · ');
}

const Line = styled.p`
  margin: ${({ theme }) => theme.space.xl} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/**
 * A small muted line at the end of a remote page naming the section and the version this page
 * runs, from the release.json beside the files actually loaded: after a promotion it keeps
 * naming the old version until the page is reloaded (the update notice says why).
 */
export function RemoteVersionLine({ remote }: { remote: RemoteName }) {
  const { registry } = useRemoteRegistry();
  const running = registry.running(remote);
  if (!running) return null;
  // data-channel: which version this is, for support and the rollout tests.
  const version = shownVersion(running);
  return (
    <Line data-testid="remote-version" data-channel={running.channel}>
      قسم {remoteLabel(remote)}
      {/* A version reads left to right (bidi must not reorder 1.0.1-rc.2). */}
      {version ? (
        <>
          {' · الإصدار '}
          <bdi dir="ltr">{version}</bdi>
        </>
      ) : null}
      {running.channel === 'rollout' ? ` · ${ROLLOUT_MARK}` : null}
      {running.override ? ' · وضع التطوير' : null}
    </Line>
  );
}
