import { forwardRef } from 'react';
import { ChoiceControl, type ChoiceControlProps } from './choice-control';

export type RadioFieldProps = ChoiceControlProps;

/**
 * One radio with its label beside it. Give the radios of a question the same `name` (or spread
 * react-hook-form's `register(name)` on each with its own `value`) and put them in a ChoiceGroup,
 * whose legend is the question: the browser then moves between them with the arrow keys.
 */
export const RadioField = forwardRef<HTMLInputElement, RadioFieldProps>(
  function RadioField(props, ref) {
    return <ChoiceControl ref={ref} {...props} type="radio" />;
  },
);
