import { useCallback, useEffect, useState } from 'react';
import type { RemoteName } from 'shared-contracts';
import { useRemoteRegistry } from '../components/remote-registry-provider';
import { toRemoteLoadError, type RemoteLoadError } from '../remote-load-error';
import type { RemotePagesMap } from '../remote-registry';

export type RemotePagesState =
  | { status: 'loading' }
  | { status: 'ready'; pages: RemotePagesMap }
  | { status: 'error'; error: RemoteLoadError };

interface Settled {
  remote: RemoteName;
  generation: number;
  state: RemotePagesState;
}

/**
 * A remote's page map for rendering. `generation` counts retries: each one forgets the remote
 * in the registry and loads it again, and keys the error boundary so it resets too.
 */
export function useRemotePages(remote: RemoteName): {
  state: RemotePagesState;
  generation: number;
  retry: () => void;
} {
  const { registry } = useRemoteRegistry();
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (registry.peek(remote)) return undefined;
    let cancelled = false;
    registry.load(remote).then(
      (pages) => {
        if (!cancelled) setSettled({ remote, generation, state: { status: 'ready', pages } });
      },
      (error: unknown) => {
        if (!cancelled)
          setSettled({
            remote,
            generation,
            state: { status: 'error', error: toRemoteLoadError(remote, error) },
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [registry, remote, generation]);

  const retry = useCallback(() => {
    registry.invalidate(remote);
    setGeneration((value) => value + 1);
  }, [registry, remote]);

  const cached = registry.peek(remote);
  let state: RemotePagesState;
  if (cached) state = { status: 'ready', pages: cached };
  else if (settled && settled.remote === remote && settled.generation === generation)
    state = settled.state;
  else state = { status: 'loading' };
  return { state, generation, retry };
}
