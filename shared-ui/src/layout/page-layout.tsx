import styled from 'styled-components';

/*
 * The layout pieces every remote's pages share: section rhythm, toolbars, section titles, muted
 * notes and repeating form rows.
 */

/** Vertical rhythm between a page's sections. */
export const Stack = styled.div<{ $gap?: 'sm' | 'md' | 'lg' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 'lg' }) => theme.space[$gap]};
`;

/** A row of controls that wraps (toolbars, button groups). */
export const Row = styled.div<{ $justify?: 'start' | 'between' | 'end' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: ${({ $justify = 'start' }) =>
    $justify === 'between' ? 'space-between' : $justify === 'end' ? 'flex-end' : 'flex-start'};
`;

export const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

export const SubTitle = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  margin-block: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Repeating rows of a form (income sources, needs, agreements, items). */
export const RepeaterRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)) auto;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};
  padding-block: ${({ theme }) => theme.space.sm};
  border-block-end: 1px dashed ${({ theme }) => theme.colors.border};
`;
