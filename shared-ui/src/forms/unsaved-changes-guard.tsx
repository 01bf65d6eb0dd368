import { useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useBlocker,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { ConfirmDialog } from '../overlays/confirm-dialog';

export const LEAVE_TITLE = 'مغادرة الصفحة؟';
export const LEAVE_MESSAGE = 'لديك تغييرات لم تُحفظ بعد، وستفقدها إذا غادرت الصفحة.';
export const LEAVE_CONFIRM = 'مغادرة الصفحة';
export const LEAVE_CANCEL = 'البقاء في الصفحة';

interface GuardProps {
  /** True while leaving would lose something. */
  when: boolean;
  message?: string;
}

interface PromptProps {
  message: string;
  onLeave: () => void;
  onStay: () => void;
}

function LeavePrompt({ message, onLeave, onStay }: PromptProps) {
  return (
    <ConfirmDialog
      open
      title={LEAVE_TITLE}
      message={message}
      confirmLabel={LEAVE_CONFIRM}
      cancelLabel={LEAVE_CANCEL}
      destructive
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}

/** Inside a data router: react-router's own blocker (links, navigate(), back/forward). */
function DataRouterGuard({ when, message }: Required<GuardProps>) {
  const whenRef = useRef(when);
  useLayoutEffect(() => {
    whenRef.current = when;
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      whenRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <LeavePrompt
      message={message}
      onLeave={() => blocker.proceed()}
      onStay={() => blocker.reset()}
    />
  );
}

/**
 * Inside a plain <BrowserRouter> (the host's today: no data router, so no useBlocker): in-app
 * links (the sidebar, breadcrumbs, row links) are caught on their way to the router — a click
 * listener on the document in the capture phase runs before React's — and followed only after
 * the user confirms. Programmatic navigations and the browser's back/forward cannot be held
 * without a data router; beforeunload still covers reloads and closing the tab.
 */
function LinkClickGuard({ when, message }: Required<GuardProps>) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const pathnameRef = useRef(location.pathname);
  useLayoutEffect(() => {
    pathnameRef.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === pathnameRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [when]);

  if (pending === null) return null;
  return (
    <LeavePrompt
      message={message}
      onLeave={() => {
        setPending(null);
        navigate(pending);
      }}
      onStay={() => setPending(null)}
    />
  );
}

/**
 * Asks before leaving a page with unsaved input: the browser's own prompt on reload/close
 * (beforeunload) and a confirm dialog on in-app navigation. To navigate away on purpose after a
 * save, make `when` false first (e.g. `flushSync(() => setSaved(true))`, then navigate).
 */
export function UnsavedChangesGuard({ when, message = LEAVE_MESSAGE }: GuardProps) {
  const dataRouter = useContext(DataRouterContext);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return dataRouter ? (
    <DataRouterGuard when={when} message={message} />
  ) : (
    <LinkClickGuard when={when} message={message} />
  );
}
