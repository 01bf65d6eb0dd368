import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';

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

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  margin-inline-start: ${({ theme }) => theme.space.xxs};
`;

const Choices = styled.div<{ $columns: 'auto' | 'single' }>`
  display: grid;
  grid-template-columns: ${({ $columns }) =>
    $columns === 'single' ? 'minmax(0, 1fr)' : 'repeat(auto-fill, minmax(11rem, 1fr))'};
  gap: ${({ theme }) => theme.space.sm};
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  margin-block-start: ${({ theme }) => theme.space.xs};
`;

const ErrorText = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin-block-start: ${({ theme }) => theme.space.xs};
`;

export interface ChoiceGroupProps {
  /** The question the choices answer; a screen reader reads it before each choice. */
  legend: ReactNode;
  /** CheckboxField or RadioField children. */
  children: ReactNode;
  /** The group's error (nothing chosen, too many): linked to the fieldset. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows `*` after the legend (the choices themselves carry the native `required`). */
  required?: boolean;
  /** `auto` (default) lays the choices out in as many columns as fit; `single` one per row. */
  columns?: 'auto' | 'single';
  id?: string;
  className?: string;
}

/** A group of checkboxes or radios (categories, statuses, one-of choices) under one legend. */
export function ChoiceGroup({
  legend,
  children,
  error,
  hint,
  required,
  columns = 'auto',
  id,
  className,
}: ChoiceGroupProps) {
  const generated = useId();
  const baseId = id ?? `choices${generated}`;
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Fieldset
      id={id}
      className={className}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <Legend>
        {legend}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Legend>
      <Choices $columns={columns}>{children}</Choices>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId}>
          <Icon name="alert" size={16} />
          {error}
        </ErrorText>
      ) : null}
    </Fieldset>
  );
}
