import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { FieldShell, useFieldWiring, type FieldCommonProps } from './field-shell';
import { Input } from './text-field';

export const SHOW_PASSWORD_LABEL = 'إظهار كلمة المرور';
export const HIDE_PASSWORD_LABEL = 'إخفاء كلمة المرور';

const Wrap = styled.div`
  position: relative;
  display: flex;
`;

const PaddedInput = styled(Input)`
  /* room for the toggle at the inline end (left in RTL) */
  padding-inline-end: 2.75rem;
`;

const Toggle = styled.button`
  position: absolute;
  inset-block: 0;
  inset-inline-end: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  inline-size: 2.5rem;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.md};
`;

export interface PasswordFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>, FieldCommonProps {
  className?: string;
}

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField({ autoComplete = 'current-password', ...props }, ref) {
    const [visible, setVisible] = useState(false);
    const { ids, shell, control, rest } = useFieldWiring(props);
    return (
      <FieldShell {...shell}>
        <Wrap>
          <PaddedInput
            ref={ref}
            autoComplete={autoComplete}
            {...rest}
            type={visible ? 'text' : 'password'}
            {...control}
          />
          <Toggle
            type="button"
            aria-label={visible ? HIDE_PASSWORD_LABEL : SHOW_PASSWORD_LABEL}
            aria-pressed={visible}
            aria-controls={ids.id}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye-off' : 'eye'} size={18} />
          </Toggle>
        </Wrap>
      </FieldShell>
    );
  },
);
