import type { ReactNode } from 'react';
import styled from 'styled-components';

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

/** A list page's filters: fields side by side, wrapping, aligned on their bottom edge. */
export const FilterBar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.md};
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

/** A notice inside a page (restored draft, warnings). `role` decides how it is announced. */
const NoticeBox = styled.div<{ $tone: 'info' | 'warning' | 'danger' }>`
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

export function Notice({
  tone = 'info',
  role = 'status',
  children,
  action,
}: {
  tone?: 'info' | 'warning' | 'danger';
  role?: 'status' | 'alert';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <NoticeBox $tone={tone} role={role}>
      <div>{children}</div>
      {action ? <div>{action}</div> : null}
    </NoticeBox>
  );
}

/** A group of checkboxes (categories, statuses) under one legend. */
const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
`;

const Legend = styled.legend`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin-block-end: ${({ theme }) => theme.space.sm};
  padding: 0;
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const GroupError = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin-block-start: ${({ theme }) => theme.space.xs};
`;

export function ChoiceGroup({
  legend,
  error,
  required,
  children,
  id,
}: {
  legend: ReactNode;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
  id?: string;
}) {
  const errorId = id ? `${id}-error` : undefined;
  return (
    <Fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <Legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Legend>
      <Choices>{children}</Choices>
      {error ? <GroupError id={errorId}>{error}</GroupError> : null}
    </Fieldset>
  );
}

/** Repeating rows of a form (income sources, needs, agreements, items). */
export const RepeaterRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)) auto;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};
  padding-block: ${({ theme }) => theme.space.sm};
  border-block-end: 1px dashed ${({ theme }) => theme.colors.border};
`;
