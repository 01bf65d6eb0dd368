import {
  forwardRef,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
} from 'react';
import styled from 'styled-components';
import {
  formatTypedDate,
  readTypedDate,
  type DateCalendar,
  type TypedDate,
} from 'shared-contracts';
import { formatDate, formatHijri } from '../format/format';
import { mergeRefs } from '../internal/merge-refs';
import { controlStyles, FieldShell, useFieldIds, type FieldCommonProps } from './field-shell';

export const HIJRI_PREFIX = 'الموافق';
export const CALENDAR_SWITCH_LABEL = 'التقويم';
export const GREGORIAN_LABEL = 'ميلادي';
export const HIJRI_LABEL = 'هجري';
export const DATE_FORMAT_ERROR = 'تاريخ غير صالح، اكتبه بالشكل يوم/شهر/سنة';
/**
 * Short enough for the narrowest field (a filter beside the calendar switch): a longer one with
 * an example was cut to «ال: 31/12/1990» in a left-to-right input. The format error says more.
 */
export const DATE_PLACEHOLDERS: Record<DateCalendar, string> = {
  gregorian: 'يوم/شهر/سنة',
  hijri: 'يوم/شهر/سنة هـ',
};

const Row = styled.div`
  display: flex;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.xs};
`;

const TextInput = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
  flex: 1;
  min-inline-size: 0;
  text-align: end;
  font-variant-numeric: tabular-nums;
`;

const Switch = styled.div`
  display: inline-flex;
  flex-shrink: 0;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

const SwitchButton = styled.button`
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 0;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }

  &:disabled {
    cursor: not-allowed;
  }
`;

const OtherCalendar = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface DateFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>, FieldCommonProps {
  /** Show the date in the other calendar beneath the field (default shown). */
  showHijri?: boolean;
  /** The calendar the field opens in (default Gregorian); the person can switch. */
  calendar?: DateCalendar;
  /** Offer the Hijri switch (default true; a log's from/to filter has no use for it). */
  allowHijri?: boolean;
  /** Accepted for compatibility with the native date input; not enforced (the schema is). */
  min?: string | number;
  max?: string | number;
  className?: string;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What the form holds for a typed text: the ISO date, '' when blank, else the text itself. */
function storedValueOf(read: TypedDate, text: string): string {
  if (read.kind === 'date') return read.iso;
  return read.kind === 'blank' ? '' : text.trim();
}

const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');

/**
 * Sets an input's value the way a person typing would, so React (and react-hook-form listening
 * through it) sees a change event: the prototype's setter bypasses React's value tracker.
 */
export function emitValue(input: HTMLInputElement, value: string): void {
  nativeValue?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Calls `onExternalSet` whenever code sets `input.value` (react-hook-form's `reset`/`setValue`
 * write to the registered element), keeping whatever setter was there (React's tracker).
 */
export function watchValueSets(input: HTMLInputElement, onExternalSet: (value: string) => void) {
  const own = Object.getOwnPropertyDescriptor(input, 'value');
  const base = own ?? nativeValue;
  Object.defineProperty(input, 'value', {
    configurable: true,
    get() {
      return base?.get?.call(input);
    },
    set(value: unknown) {
      base?.set?.call(input, value);
      onExternalSet(String(value ?? ''));
    },
  });
  return () => {
    if (own) Object.defineProperty(input, 'value', own);
    else Reflect.deleteProperty(input, 'value');
  };
}

/**
 * A date typed day/month/year whatever the browser's language (not the native date input,
 * which follows the browser's locale: mm/dd/yyyy on an English browser), in the Gregorian or
 * the Umm al-Qura Hijri calendar by a switch in the field, with the date in the other calendar
 * beneath it. Many citizens know their dates of birth in Hijri only.
 *
 * The value is always the Gregorian `YYYY-MM-DD` (what the API stores), held by a hidden input
 * that gets `name`, `ref`, `value`/`defaultValue`, `onChange` and `onBlur`: so the field works
 * controlled (`value` + `onChange(event)` reading `event.target.value`) and with react-hook-form
 * `register` exactly as the native date input did. Text that is not a date is passed on as typed
 * (the schema answers "تاريخ غير صالح"); a blank field gives ''.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  {
    label,
    error,
    hint,
    id,
    className,
    required,
    onChange,
    onBlur,
    value,
    defaultValue,
    name,
    form,
    showHijri = true,
    calendar: initialCalendar = 'gregorian',
    allowHijri = true,
    disabled,
    readOnly,
    min: _min,
    max: _max,
    ...rest
  },
  ref,
) {
  const storeRef = useRef<HTMLInputElement | null>(null);
  const setStoreRefs = useMemo(() => mergeRefs(ref, storeRef), [ref]);
  const controlled = value !== undefined;
  const [calendar, setCalendar] = useState<DateCalendar>(initialCalendar);
  const calendarRef = useRef(calendar);
  calendarRef.current = calendar;
  const [stored, setStored] = useState(asString(controlled ? value : defaultValue));
  const [draft, setDraft] = useState(() => formatTypedDate(stored, calendar) ?? stored);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const [blurredInvalid, setBlurredInvalid] = useState(false);
  const shownError = error ?? (blurredInvalid ? DATE_FORMAT_ERROR : undefined);
  const ids = useFieldIds(id, hint, shownError, rest['aria-describedby']);
  const otherId = `${ids.id}-other-calendar`;
  const textRef = useRef<HTMLInputElement | null>(null);

  /**
   * A value from outside (a controlled prop, a form reset) replaces what is typed when it is a
   * date the typed text does not already read as, or a clearing of a date; not while a person
   * is half-way through typing one (the form may hold '' or the raw text meanwhile).
   */
  const followOutside = useCallback((next: string) => {
    setStored(next);
    const typed = readTypedDate(draftRef.current, calendarRef.current);
    const formatted = formatTypedDate(next, calendarRef.current);
    if (formatted !== null) {
      if (typed.kind !== 'date' || typed.iso !== next) setDraft(formatted);
    } else if (next === '' && typed.kind === 'date') {
      setDraft('');
    }
  }, []);

  // Uncontrolled: the value react-hook-form gave the input at registration, and its later sets.
  useLayoutEffect(() => {
    const input = storeRef.current;
    if (controlled || !input) return;
    followOutside(input.value);
    return watchValueSets(input, followOutside);
  }, [controlled, followOutside]);

  // react-hook-form focuses the registered element for an error: send it to the typed text.
  useLayoutEffect(() => {
    const input = storeRef.current;
    if (!input) return;
    input.focus = () => textRef.current?.focus();
    return () => {
      Reflect.deleteProperty(input, 'focus');
    };
  }, []);

  useLayoutEffect(() => {
    if (controlled) followOutside(asString(value));
  }, [controlled, value, followOutside]);

  const commit = (next: string) => {
    setStored(next);
    const input = storeRef.current;
    if (input && input.value !== next) emitValue(input, next);
  };

  const handleType = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setDraft(text);
    setBlurredInvalid(false);
    commit(storedValueOf(readTypedDate(text, calendar), text));
  };

  const handleBlur = () => {
    const read = readTypedDate(draft, calendar);
    if (read.kind === 'date') setDraft(formatTypedDate(read.iso, calendar) ?? draft);
    setBlurredInvalid(read.kind === 'invalid');
    const input = storeRef.current;
    // react-hook-form marks the field touched (and validates in onBlur mode) from this event.
    if (input) input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  };

  const switchTo = (next: DateCalendar) => {
    if (next === calendar) return;
    setCalendar(next);
    const read = readTypedDate(draft, calendar);
    if (read.kind === 'date') {
      setDraft(formatTypedDate(read.iso, next) ?? draft);
    } else if (read.kind === 'invalid') {
      // The same digits may be a date in the other calendar.
      commit(storedValueOf(readTypedDate(draft, next), draft));
    }
  };

  const storedDate = readTypedDate(stored, 'gregorian');
  const other =
    showHijri && storedDate.kind === 'date'
      ? calendar === 'gregorian'
        ? formatHijri(storedDate.iso)
        : formatDate(storedDate.iso)
      : null;
  const describedBy =
    [ids.describedBy, other ? otherId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={shownError}
      required={required}
      className={className}
      below={
        other ? <OtherCalendar id={otherId}>{`${HIJRI_PREFIX} ${other}`}</OtherCalendar> : null
      }
    >
      <Row>
        <TextInput
          {...rest}
          type="text"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          ref={textRef}
          id={ids.id}
          value={draft}
          placeholder={rest.placeholder ?? DATE_PLACEHOLDERS[calendar]}
          disabled={disabled}
          readOnly={readOnly}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={handleType}
          onBlur={handleBlur}
          $invalid={Boolean(shownError)}
        />
        {allowHijri ? (
          <Switch role="group" aria-label={CALENDAR_SWITCH_LABEL}>
            {(['gregorian', 'hijri'] as const).map((option) => (
              <SwitchButton
                key={option}
                type="button"
                aria-pressed={calendar === option}
                disabled={disabled || readOnly}
                onClick={() => switchTo(option)}
              >
                {option === 'gregorian' ? GREGORIAN_LABEL : HIJRI_LABEL}
              </SwitchButton>
            ))}
          </Switch>
        ) : null}
      </Row>
      {/* The form's value (Gregorian ISO); see the component's comment. */}
      <input
        ref={setStoreRefs}
        type="text"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        name={name}
        form={form}
        disabled={disabled}
        {...(controlled ? { value: asString(value) } : { defaultValue: asString(defaultValue) })}
        onChange={(event) => onChange?.(event)}
        onBlur={(event) => onBlur?.(event)}
      />
    </FieldShell>
  );
});
