import { useEffect, useRef, type PointerEvent } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from '../controls/button';
import { IconButton } from '../controls/icon-button';
import { TOAST_CLOSE_LABEL, TOAST_DEFAULT_DURATION, TOAST_SWIPE_THRESHOLD } from './constants';
import type { ToastRecord } from './toast-store';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(0.5rem); }
  to { opacity: 1; transform: none; }
`;

const Item = styled.li<{ $destructive: boolean }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid
    ${({ theme, $destructive }) => ($destructive ? theme.colors.toastDestructive.border : theme.colors.toast.border)};
  background: ${({ theme, $destructive }) => ($destructive ? theme.colors.toastDestructive.bg : theme.colors.toast.bg)};
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.toastDestructive.fg : theme.colors.toast.fg)};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  pointer-events: auto;
  touch-action: pan-y;
  animation: ${slideIn} ${({ theme }) => theme.motion.fast} ease-out;
  transition: transform ${({ theme }) => theme.motion.fast} ease;

  &[data-swiping='true'] {
    transition: none;
  }
`;

const Texts = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  flex: 1 1 auto;
  min-inline-size: 0;
`;

const Title = styled.p`
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Description = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  opacity: 0.95;
`;

const Side = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex-shrink: 0;
`;

interface ToastItemProps {
  toast: ToastRecord;
  /** The viewport is hovered or holds focus: timers stand still (so a toast can be read). */
  paused: boolean;
  onDismiss: (id: string) => void;
}

export function ToastItem({ toast, paused, onDismiss }: ToastItemProps) {
  const {
    id,
    title,
    description,
    action,
    variant = 'default',
    duration = TOAST_DEFAULT_DURATION,
  } = toast;
  const destructive = variant === 'destructive';
  const itemRef = useRef<HTMLLIElement>(null);
  const remaining = useRef(duration);
  const swipe = useRef<{ pointerId: number; startX: number; deltaX: number } | null>(null);

  // Auto-dismiss: counts down only while not paused; a pause keeps the time left.
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(id), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  const setOffset = (px: number) => {
    const el = itemRef.current;
    if (!el) return;
    el.style.transform = px > 0 ? `translateX(${px}px)` : '';
    el.dataset.swiping = px > 0 ? 'true' : 'false';
  };

  // Swipe right (physical, docs/shell.md#constants) by at least TOAST_SWIPE_THRESHOLD px to
  // dismiss.
  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    if (event.button !== 0) return;
    swipe.current = { pointerId: event.pointerId, startX: event.clientX, deltaX: 0 };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const state = swipe.current;
    if (!state || state.pointerId !== event.pointerId) return;
    state.deltaX = event.clientX - state.startX;
    // Only once it is clearly a drag, so a plain click on the buttons still works.
    if (state.deltaX > 5 && !event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    setOffset(Math.max(0, state.deltaX));
  };
  const endSwipe = (event: PointerEvent<HTMLLIElement>, cancelled: boolean) => {
    const state = swipe.current;
    if (!state || state.pointerId !== event.pointerId) return;
    swipe.current = null;
    const deltaX = cancelled ? 0 : Math.max(state.deltaX, event.clientX - state.startX);
    if (deltaX >= TOAST_SWIPE_THRESHOLD) onDismiss(id);
    else setOffset(0);
  };

  return (
    <Item
      ref={itemRef}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-variant={variant}
      $destructive={destructive}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endSwipe(event, false)}
      onPointerCancel={(event) => endSwipe(event, true)}
    >
      <Texts>
        {title ? <Title>{title}</Title> : null}
        {description ? <Description>{description}</Description> : null}
      </Texts>
      <Side>
        {action ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              action.onClick();
              onDismiss(id);
            }}
          >
            {action.label}
          </Button>
        ) : null}
        <IconButton
          label={TOAST_CLOSE_LABEL}
          icon="close"
          size="sm"
          onClick={() => onDismiss(id)}
        />
      </Side>
    </Item>
  );
}
