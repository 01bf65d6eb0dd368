import { forwardRef, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { useFieldIds, type FieldCommonProps } from './field-shell';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const Box = styled.input`
  flex-shrink: 0;
  inline-size: 1.125rem;
  block-size: 1.125rem;
  margin: 0;
  margin-block-start: 0.3rem;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
`;

const Label = styled.label`
  cursor: pointer;
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  padding-inline-start: 1.625rem;
`;

const ErrorText = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.dangerText};
  padding-inline-start: 1.625rem;
`;

export interface ChoiceControlProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>, FieldCommonProps {
  className?: string;
}

/**
 * A checkbox or radio with its label beside it (at the inline end of the box), hint and error
 * linked by aria-describedby. CheckboxField and RadioField are this with their `type`.
 */
export const ChoiceControl = forwardRef<
  HTMLInputElement,
  ChoiceControlProps & { type: 'checkbox' | 'radio' }
>(function ChoiceControl({ label, error, hint, id, className, type, ...rest }, ref) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <Root className={className}>
      <Row>
        <Box
          ref={ref}
          {...rest}
          type={type}
          id={ids.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <Label htmlFor={ids.id}>{label}</Label>
      </Row>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={ids.errorId}>
          <Icon name="alert" size={16} />
          {error}
        </ErrorText>
      ) : null}
    </Root>
  );
});
