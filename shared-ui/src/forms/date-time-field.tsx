import {
  forwardRef,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ChangeEvent,
} from 'react';
import styled from 'styled-components';
import { Icon } from '../controls/icon';
import { mergeRefs } from '../internal/merge-refs';
import { DateField, emitValue, watchValueSets } from './date-field';
import { ErrorText, Hint, RequiredMark, type FieldCommonProps } from './field-shell';
import { TimeField } from './time-field';

export const DATE_PART_LABEL = 'التاريخ';
export const TIME_PART_LABEL = 'الساعة';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-inline-size: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-block-end: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const Parts = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  align-items: start;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface DateTimeFieldProps extends FieldCommonProps {
  /** `YYYY-MM-DDTHH:MM` local time (the API's local date-time), '' when blank. */
  value?: string;
  defaultValue?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Receives the hidden input's change event: `event.target.value` is the whole value. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Offer the Hijri switch on the date (default true). */
  allowHijri?: boolean;
  className?: string;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `2026-12-20T17:00` → its date and time parts; a value that is not one keeps its text. */
function partsOf(value: string): { date: string; time: string } {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
}

/** The value of the two parts: '' when both are blank, else `date` + `T` + `time` as typed. */
function joined(date: string, time: string): string {
  if (date === '' && time === '') return '';
  return `${date}T${time}`;
}

/**
 * A date and a time of day, in the product's own fields (not the browser's date-time control,
 * which reads «12/20/2026, 05:00 PM» on an English browser): the `DateField` (day/month/year,
 * the Hijri switch, the other calendar beneath) and a `TimeField` (hours:minutes with «ص» /
 * «م»), under one legend. The value is the API's local `YYYY-MM-DDTHH:MM`, held by a hidden
 * input that takes `name`, `ref`, `value`/`defaultValue`, `onChange` and `onBlur`, so it works
 * controlled and with react-hook-form's `register` as the date field does. A part that is not
 * readable is passed on as typed, and the schema refuses it in Arabic.
 */
export const DateTimeField = forwardRef<HTMLInputElement, DateTimeFieldProps>(
  function DateTimeField(
    {
      label,
      error,
      hint,
      value,
      defaultValue,
      name,
      required,
      disabled,
      onChange,
      onBlur,
      allowHijri = true,
      className,
    },
    ref,
  ) {
    const storeRef = useRef<HTMLInputElement | null>(null);
    const dateRef = useRef<HTMLInputElement | null>(null);
    const setStoreRefs = useMemo(() => mergeRefs(ref, storeRef), [ref]);
    const controlled = value !== undefined;
    const [parts, setParts] = useState(() => partsOf(asString(controlled ? value : defaultValue)));
    const partsRef = useRef(parts);
    partsRef.current = parts;
    const hintId = useId();
    const errorId = useId();
    const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');

    const followOutside = useCallback((next: string) => {
      if (joined(partsRef.current.date, partsRef.current.time) !== next) setParts(partsOf(next));
    }, []);

    // Uncontrolled: the value react-hook-form gave the input at registration, and later sets.
    useLayoutEffect(() => {
      const input = storeRef.current;
      if (controlled || !input) return;
      followOutside(input.value);
      return watchValueSets(input, followOutside);
    }, [controlled, followOutside]);

    useLayoutEffect(() => {
      if (controlled) followOutside(asString(value));
    }, [controlled, value, followOutside]);

    // react-hook-form focuses the registered element for an error: send it to the date.
    useLayoutEffect(() => {
      const input = storeRef.current;
      if (!input) return;
      input.focus = () => dateRef.current?.focus();
      return () => {
        Reflect.deleteProperty(input, 'focus');
      };
    }, []);

    const update = (next: { date: string; time: string }) => {
      setParts(next);
      partsRef.current = next;
      const input = storeRef.current;
      const whole = joined(next.date, next.time);
      if (input && input.value !== whole) emitValue(input, whole);
    };
    const blurred = () => {
      const input = storeRef.current;
      // react-hook-form marks the field touched (and validates in onBlur mode) from this event.
      if (input) input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    };

    return (
      <Group className={className} aria-describedby={describedBy || undefined}>
        <Legend>
          {label}
          {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
        </Legend>
        <Parts>
          <DateField
            ref={dateRef}
            label={DATE_PART_LABEL}
            required={required}
            disabled={disabled}
            allowHijri={allowHijri}
            aria-describedby={error ? errorId : undefined}
            value={parts.date}
            onChange={(event) => update({ ...partsRef.current, date: event.target.value })}
            onBlur={blurred}
          />
          <TimeField
            label={TIME_PART_LABEL}
            required={required}
            disabled={disabled}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            value={parts.time}
            onValueChange={(time) => update({ ...partsRef.current, time })}
            onBlur={blurred}
          />
        </Parts>
        {hint ? <Hint id={hintId}>{hint}</Hint> : null}
        {error ? (
          <ErrorText id={errorId}>
            <Icon name="alert" size={16} />
            {error}
          </ErrorText>
        ) : null}
        {/* The form's value (`YYYY-MM-DDTHH:MM`); see the component's comment. */}
        <input
          ref={setStoreRefs}
          type="text"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          name={name}
          disabled={disabled}
          {...(controlled ? { value: asString(value) } : { defaultValue: asString(defaultValue) })}
          onChange={(event) => onChange?.(event)}
          onBlur={(event) => onBlur?.(event)}
        />
      </Group>
    );
  },
);
