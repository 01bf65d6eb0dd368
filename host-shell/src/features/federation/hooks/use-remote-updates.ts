import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useRemoteRegistry } from '../components/remote-registry-provider';
import type { RemoteUpdate } from '../remote-registry';

/** Release flow (b): remotes.json is read again every minute, and on navigation at most every 15 s. */
export const UPDATE_POLL_INTERVAL_MS = 60_000;
export const UPDATE_NAVIGATION_MIN_GAP_MS = 15_000;

export function useRemoteUpdates(): { updates: RemoteUpdate[]; dismiss: () => void } {
  const { registry } = useRemoteRegistry();
  const { pathname } = useLocation();
  const [updates, setUpdates] = useState<RemoteUpdate[]>([]);
  // Null until mounted; the host read remotes.json at start-up, which counts as the first check.
  const lastCheck = useRef<number | null>(null);
  const mounted = useRef(true);

  const check = useCallback(async () => {
    lastCheck.current = Date.now();
    const found = await registry.checkForUpdates();
    if (!mounted.current || found.length === 0) return;
    setUpdates((previous) => [
      ...previous.filter((item) => !found.some((update) => update.remote === item.remote)),
      ...found,
    ]);
  }, [registry]);

  useEffect(() => {
    mounted.current = true;
    const timer = setInterval(() => void check(), UPDATE_POLL_INTERVAL_MS);
    return () => {
      mounted.current = false;
      clearInterval(timer);
    };
  }, [check]);

  useEffect(() => {
    if (lastCheck.current === null) lastCheck.current = Date.now();
    else if (Date.now() - lastCheck.current >= UPDATE_NAVIGATION_MIN_GAP_MS) void check();
  }, [pathname, check]);

  const dismiss = useCallback(() => setUpdates([]), []);
  return { updates, dismiss };
}
