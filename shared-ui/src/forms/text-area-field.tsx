import { forwardRef, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldShell, useFieldWiring, type FieldCommonProps } from './field-shell';
import { withDigitNormalising } from './digits';

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-block-size: 6rem;
  resize: vertical;
  line-height: ${({ theme }) => theme.font.lineHeight};
`;

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>, FieldCommonProps {
  normaliseDigits?: boolean;
  className?: string;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ normaliseDigits, onChange, rows = 4, ...props }, ref) {
    const { shell, control, rest } = useFieldWiring(props);
    return (
      <FieldShell {...shell}>
        <TextArea
          ref={ref}
          rows={rows}
          {...rest}
          {...control}
          onChange={withDigitNormalising(normaliseDigits, onChange)}
        />
      </FieldShell>
    );
  },
);
