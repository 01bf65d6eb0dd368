import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { BadgeTone } from '../theme/tokens';

const Pill = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding-block: 0;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme, $tone }) => theme.colors.badge[$tone].bg};
  color: ${({ theme, $tone }) => theme.colors.badge[$tone].fg};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: ${({ theme }) => theme.font.lineHeight};
  white-space: nowrap;
`;

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A status label ('نشط', 'موقوف'). Colour is never the only cue: the text says it. */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <Pill $tone={tone} className={className}>
      {children}
    </Pill>
  );
}
