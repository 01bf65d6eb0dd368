import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import type { IconName } from '../controls/icon-paths';

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const TONE_ICONS: Record<NoticeTone, IconName> = {
  info: 'info',
  success: 'check',
  warning: 'alert',
  danger: 'alert',
};

const Box = styled.div<{ $tone: NoticeTone }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone }) => theme.colors.badge[$tone].fg};
`;

const Body = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  min-inline-size: 0;

  & > svg {
    margin-block-start: 0.2rem;
  }
`;

export interface NoticeProps {
  tone?: NoticeTone;
  /**
   * How it is announced: `status` (default, polite) for information that appears while the user
   * works; `alert` for a problem that must interrupt (a failed save).
   */
  role?: 'status' | 'alert';
  children: ReactNode;
  /** A button or link at the inline end (restore a draft, retry). */
  action?: ReactNode;
  className?: string;
}

/** A banner inside a page or dialog: a restored draft, a warning, errors above a form. */
export function Notice({
  tone = 'info',
  role = 'status',
  children,
  action,
  className,
}: NoticeProps) {
  return (
    <Box $tone={tone} role={role} className={className}>
      <Body>
        <Icon name={TONE_ICONS[tone]} size={18} />
        <div>{children}</div>
      </Body>
      {action ? <div>{action}</div> : null}
    </Box>
  );
}

export interface FormErrorSummaryProps {
  /** One paragraph each (the server's unmatched messages, or "fix the highlighted fields"). */
  messages: readonly string[];
  className?: string;
}

/** The errors above a form that belong to no single field; nothing when there are none. */
export function FormErrorSummary({ messages, className }: FormErrorSummaryProps) {
  if (messages.length === 0) return null;
  return (
    <Notice tone="danger" role="alert" className={className}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Notice>
  );
}
