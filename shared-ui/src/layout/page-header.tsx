import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.lg};
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-inline-size: 0;
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  color: ${({ theme }) => theme.colors.text};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the inline end (left in RTL). */
  actions?: ReactNode;
  /** Heading level, default 1: the page's own heading inside <main>. */
  level?: 1 | 2 | 3;
  className?: string;
}

export function PageHeader({ title, description, actions, level = 1, className }: PageHeaderProps) {
  return (
    <Header className={className}>
      <Titles>
        <Heading as={`h${level}`}>{title}</Heading>
        {description ? <Description>{description}</Description> : null}
      </Titles>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}
