import { forwardRef, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { controlStyles, FieldShell, useFieldWiring, type FieldCommonProps } from './field-shell';

const Wrap = styled.div`
  position: relative;
  display: flex;
`;

const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: none;
  /* room for the chevron at the inline end (left in RTL) */
  padding-inline-end: 2.25rem;
  cursor: pointer;
`;

const Chevron = styled.span`
  position: absolute;
  inset-block: 0;
  inset-inline-end: ${({ theme }) => theme.space.sm};
  display: flex;
  align-items: center;
  pointer-events: none;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldCommonProps {
  options: readonly SelectOption[];
  /** First option with an empty value ('اختر...'); selectable so a field can be cleared. */
  placeholder?: string;
  className?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { options, placeholder, ...props },
  ref,
) {
  const { shell, control, rest } = useFieldWiring(props);
  return (
    <FieldShell {...shell}>
      <Wrap>
        <Select ref={ref} {...rest} {...control}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={String(option.value)} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </Select>
        <Chevron>
          <Icon name="chevron-down" size={16} />
        </Chevron>
      </Wrap>
    </FieldShell>
  );
});
