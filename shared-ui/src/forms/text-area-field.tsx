import { forwardRef, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldShell, useFieldIds, type FieldCommonProps } from './field-shell';
import { normaliseInputDigits } from './digits';

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
  function TextAreaField(
    { label, error, hint, id, className, required, normaliseDigits, onChange, rows = 4, ...rest },
    ref,
  ) {
    const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
    const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
      if (normaliseDigits) normaliseInputDigits(event);
      onChange?.(event);
    };
    return (
      <FieldShell
        ids={ids}
        label={label}
        hint={hint}
        error={error}
        required={required}
        className={className}
      >
        <TextArea
          ref={ref}
          rows={rows}
          required={required}
          {...rest}
          id={ids.id}
          onChange={handleChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          $invalid={Boolean(error)}
        />
      </FieldShell>
    );
  },
);
