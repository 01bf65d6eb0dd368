import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { IconButton } from '../controls/icon-button';
import { getTabbable } from '../internal/focusable';
import { useFocusTrap } from './use-focus-trap';

export const DIALOG_CLOSE_LABEL = 'إغلاق';

export type DialogSize = 'sm' | 'md' | 'lg';
const WIDTHS: Record<DialogSize, string> = { sm: '26rem', md: '36rem', lg: '52rem' };

const fade = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.overlay};
  animation: ${fade} ${({ theme }) => theme.motion.fast} ease-out;
`;

const Panel = styled.div<{ $size: DialogSize }>`
  display: flex;
  flex-direction: column;
  inline-size: 100%;
  max-inline-size: ${({ $size }) => WIDTHS[$size]};
  max-block-size: calc(100vh - 2rem);
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  outline: none;
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  padding-inline-start: ${({ theme }) => theme.space.lg};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  padding-block-start: ${({ theme }) => theme.space.xs};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-block-start: ${({ theme }) => theme.space.xs};
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  min-block-size: 0;
  flex: 1 1 auto;
`;

const Body = styled.div`
  flex: 1 1 auto;
  min-block-size: 0;
  padding: ${({ theme }) => theme.space.lg};
  overflow-y: auto;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-block-start: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (submit first: inline start). */
  footer?: ReactNode;
  size?: DialogSize;
  /** Focus this element when opening instead of the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Clicking the backdrop closes (default true); ConfirmDialog turns it off while busy. */
  closeOnBackdrop?: boolean;
  /** Hide the close button and ignore Escape (a step that must not be interrupted). */
  dismissible?: boolean;
}

/**
 * A modal dialog rendered in a portal on document.body: focus moves into it, Tab cycles inside,
 * Escape closes, and focus returns to the opener when it closes.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  dismissible = true,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  // Prefer the first control of the content (a form's first field) over the header's close
  // button; a dialog with no controls in its content focuses the close button.
  const trapKeyDown = useFocusTrap(true, panelRef, () => {
    if (initialFocusRef?.current) return initialFocusRef.current;
    return contentRef.current ? getTabbable(contentRef.current)[0] : undefined;
  });

  // The page behind must not scroll while the dialog is up.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <Backdrop
      data-dialog-backdrop=""
      onMouseDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press that started and ended on the backdrop closes (not a text selection drag).
        if (
          closeOnBackdrop &&
          dismissible &&
          pressStartedOnBackdrop.current &&
          event.target === event.currentTarget
        )
          onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $size={size}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // The innermost dialog handles Escape; an outer one must not close as well.
            event.stopPropagation();
            if (dismissible) onClose();
            return;
          }
          trapKeyDown(event);
        }}
      >
        <Header>
          <div>
            <Title id={titleId}>{title}</Title>
            {description ? <Description id={descriptionId}>{description}</Description> : null}
          </div>
          {dismissible ? (
            <IconButton label={DIALOG_CLOSE_LABEL} icon="close" size="sm" onClick={onClose} />
          ) : null}
        </Header>
        <Content ref={contentRef}>
          <Body>{children}</Body>
          {footer ? <Footer>{footer}</Footer> : null}
        </Content>
      </Panel>
    </Backdrop>
  );
}
