import {
  cloneElement,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { pageWideContext } from '../internal/page-wide-context';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

/**
 * docs/shell.md#constants: tooltips open after 700 ms; within 300 ms of one closing, the next opens
 * at once.
 */
export const TOOLTIP_DELAY_DURATION = 700;
export const TOOLTIP_SKIP_DELAY_DURATION = 300;

interface TooltipGroup {
  delayDuration: number;
  skipDelayDuration: number;
  /** false while inside the skip window after another tooltip closed */
  isOpenDelayed: () => boolean;
  onTooltipOpen: () => void;
  onTooltipClose: () => void;
}

function createTooltipGroup(
  delayDuration: number,
  skipDelayDuration: number,
): TooltipGroup & { dispose: () => void } {
  let openDelayed = true;
  let skipTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    delayDuration,
    skipDelayDuration,
    isOpenDelayed: () => openDelayed,
    onTooltipOpen: () => {
      clearTimeout(skipTimer);
      openDelayed = false;
    },
    onTooltipClose: () => {
      clearTimeout(skipTimer);
      if (skipDelayDuration <= 0) {
        openDelayed = true;
        return;
      }
      skipTimer = setTimeout(() => {
        openDelayed = true;
      }, skipDelayDuration);
    },
    dispose: () => clearTimeout(skipTimer),
  };
}

// Tooltips outside any provider still get the shell's timing (and share one skip window).
const defaultGroup = createTooltipGroup(TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION);
const TooltipContext = pageWideContext<TooltipGroup>('tooltip-group', defaultGroup);

export interface TooltipProviderProps {
  /** ms before a tooltip opens; the sidebar passes 0 (docs/shell.md#constants). */
  delayDuration?: number;
  /** ms after a tooltip closes during which the next one opens without delay. */
  skipDelayDuration?: number;
  children: ReactNode;
}

export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_DURATION,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_DURATION,
  children,
}: TooltipProviderProps) {
  const group = useMemo(
    () => createTooltipGroup(delayDuration, skipDelayDuration),
    [delayDuration, skipDelayDuration],
  );
  useEffect(() => group.dispose, [group]);
  return <TooltipContext.Provider value={group}>{children}</TooltipContext.Provider>;
}

export type TooltipSide = 'top' | 'bottom' | 'left' | 'right';

const Bubble = styled.div`
  /* Physical on purpose: the coordinates come from getBoundingClientRect, which is physical. */
  position: fixed;
  top: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.tooltip};
  max-inline-size: 20rem;
  padding-block: ${({ theme }) => theme.space.xxs};
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.tooltip.bg};
  color: ${({ theme }) => theme.colors.tooltip.fg};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight};
  box-shadow: ${({ theme }) => theme.shadows.md};
  pointer-events: none;
`;

const GAP = 6;

/** Places the bubble beside the trigger (fixed coordinates, clamped into the viewport). */
function place(bubble: HTMLElement, trigger: HTMLElement, side: TooltipSide) {
  const t = trigger.getBoundingClientRect();
  const b = bubble.getBoundingClientRect();
  let top: number;
  let left: number;
  switch (side) {
    case 'bottom':
      top = t.bottom + GAP;
      left = t.left + t.width / 2 - b.width / 2;
      break;
    case 'left':
      top = t.top + t.height / 2 - b.height / 2;
      left = t.left - b.width - GAP;
      break;
    case 'right':
      top = t.top + t.height / 2 - b.height / 2;
      left = t.right + GAP;
      break;
    default:
      top = t.top - b.height - GAP;
      left = t.left + t.width / 2 - b.width / 2;
  }
  const maxLeft = Math.max(GAP, window.innerWidth - b.width - GAP);
  const maxTop = Math.max(GAP, window.innerHeight - b.height - GAP);
  bubble.style.transform = `translate(${Math.min(Math.max(left, GAP), maxLeft)}px, ${Math.min(Math.max(top, GAP), maxTop)}px)`;
}

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
}

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (button, link); it gets the hover/focus handlers and aria-describedby. */
  children: ReactElement<TriggerProps>;
  /** Physical side, default 'top'. In the RTL sidebar (on the right) tooltips go 'left'. */
  side?: TooltipSide;
  /** Overrides the provider's delay for this tooltip. */
  delayDuration?: number;
  /** Render nothing extra (e.g. the sidebar shows tooltips only while collapsed). */
  disabled?: boolean;
}

export function Tooltip({
  content,
  children,
  side = 'top',
  delayDuration,
  disabled = false,
}: TooltipProps) {
  const group = useContext(TooltipContext);
  const [open, setOpen] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggerRef = useRef<HTMLElement | null>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const doOpen = () => {
    clearTimeout(timer.current);
    if (openRef.current) return;
    openRef.current = true;
    setOpen(true);
    group.onTooltipOpen();
  };

  const hide = () => {
    clearTimeout(timer.current);
    if (!openRef.current) return;
    openRef.current = false;
    setOpen(false);
    group.onTooltipClose();
  };

  const show = (trigger: HTMLElement) => {
    if (disabled) return;
    triggerRef.current = trigger;
    clearTimeout(timer.current);
    const delay = delayDuration ?? group.delayDuration;
    if (delay > 0 && group.isOpenDelayed()) timer.current = setTimeout(doOpen, delay);
    else doOpen();
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (disabled) hide();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabled]);

  // Escape dismisses a tooltip without moving focus (WCAG 1.4.13).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useLayoutEffect(() => {
    if (open && bubbleRef.current && triggerRef.current)
      place(bubbleRef.current, triggerRef.current, side);
  }, [open, side]);

  const own = children.props;
  // The handlers below read refs only when an event fires, never during render; the compiler
  // cannot tell that through cloneElement.
  // eslint-disable-next-line react-hooks/refs
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      // Touch has no hover: a tap should act, not show a bubble.
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
    'aria-describedby': open
      ? [own['aria-describedby'], id].filter(Boolean).join(' ')
      : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {open && typeof document !== 'undefined'
        ? createPortal(
            <Bubble ref={bubbleRef} id={id} role="tooltip" data-side={side}>
              {content}
            </Bubble>,
            document.body,
          )
        : null}
    </>
  );
}
