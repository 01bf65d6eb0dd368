import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Icon } from '../controls/icon';

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-inline-size: 0;
`;

export const FieldLabel = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
`;

export const RequiredMark = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  margin-inline-start: ${({ theme }) => theme.space.xxs};
`;

export const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Text-like controls: input, select, textarea. */
export const controlStyles = css<{ $invalid?: boolean }>`
  inline-size: 100%;
  min-block-size: 2.5rem;
  padding-block: ${({ theme }) => theme.space.xs};
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-align: start;
  transition: border-color ${({ theme }) => theme.motion.fast} ease;

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.focus};
  }

  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`;

export interface FieldCommonProps {
  /** Visible label, tied to the control with htmlFor. */
  label: ReactNode;
  /** Inline Arabic error; sets aria-invalid and is linked by aria-describedby. */
  error?: string;
  hint?: ReactNode;
}

export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/** Ids for one field; the caller's own aria-describedby is kept and extended. */
export function useFieldIds(
  ownId: string | undefined,
  hint: ReactNode,
  error: string | undefined,
  ownDescribedBy?: string,
): FieldIds {
  const generated = useId();
  const id = ownId ?? `field${generated}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [ownDescribedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  /** Extra line under the control (DateField's Hijri date). */
  below?: ReactNode;
  className?: string;
}

/** Label above, control, then hint and error: the same order for every field. */
export function FieldShell({
  ids,
  label,
  hint,
  error,
  required,
  children,
  below,
  className,
}: FieldShellProps) {
  return (
    <FieldRoot className={className}>
      <FieldLabel htmlFor={ids.id}>
        {label}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </FieldLabel>
      {children}
      {below}
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={ids.errorId}>
          <Icon name="alert" size={16} />
          {error}
        </ErrorText>
      ) : null}
    </FieldRoot>
  );
}

export interface FieldWiringProps extends FieldCommonProps {
  id?: string;
  required?: boolean;
  className?: string;
  /** The caller's own aria-describedby, kept ahead of the hint and error. */
  'aria-describedby'?: string;
}

/**
 * The label/hint/error wiring shared by the text-like fields. It takes the field's props and
 * gives `shell` for FieldShell, `rest` (the props meant for the control: everything but label,
 * error, hint, id and className) and `control`, spread onto the control after `rest` (id,
 * aria-invalid, aria-describedby and the invalid style always come from the field).
 */
export function useFieldWiring<P extends FieldWiringProps>(props: P) {
  const { label, error, hint, id, className, ...rest } = props;
  const ids = useFieldIds(id, hint, error, props['aria-describedby']);
  return {
    ids,
    rest,
    shell: { ids, label, hint, error, required: props.required, className },
    control: {
      id: ids.id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': ids.describedBy,
      $invalid: Boolean(error),
    },
  };
}
