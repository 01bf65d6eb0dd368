import { forwardRef } from 'react';
import { ChoiceControl, type ChoiceControlProps } from './choice-control';

export type CheckboxFieldProps = ChoiceControlProps;

/** A checkbox with its label beside it (at the inline end of the box). */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField(props, ref) {
    return <ChoiceControl ref={ref} {...props} type="checkbox" />;
  },
);
