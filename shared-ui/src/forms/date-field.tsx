import {
  forwardRef,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
} from 'react';
import styled from 'styled-components';
import { formatHijri } from '../format/format';
import { mergeRefs } from '../internal/merge-refs';
import { controlStyles, FieldShell, useFieldIds, type FieldCommonProps } from './field-shell';

const DateInput = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

const Hijri = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const HIJRI_PREFIX = 'الموافق';

export interface DateFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>, FieldCommonProps {
  /** Hide the Umm al-Qura line (default shown). */
  showHijri?: boolean;
  className?: string;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * A native date input holding a Gregorian ISO date ('YYYY-MM-DD', what the API stores), with
 * the Umm al-Qura Hijri date shown beneath it (display only: Intl cannot parse Hijri dates).
 * Works controlled (`value`) and uncontrolled (react-hook-form `register`): the displayed
 * Hijri follows the input's own value.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, error, hint, id, className, required, onChange, showHijri = true, ...rest },
  ref,
) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const setRefs = useMemo(() => mergeRefs(ref, inputRef), [ref]);
  const [current, setCurrent] = useState(asString(rest.value ?? rest.defaultValue));
  const baseIds = useFieldIds(id, hint, error, rest['aria-describedby']);
  const hijriId = `${baseIds.id}-hijri`;

  // A controlled value wins; an uncontrolled one may have been set through the ref (RHF defaults).
  const controlled = rest.value !== undefined;
  useLayoutEffect(() => {
    if (controlled) setCurrent(asString(rest.value));
    else if (inputRef.current) setCurrent(inputRef.current.value);
  }, [controlled, rest.value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setCurrent(event.target.value);
    onChange?.(event);
  };

  const hijri = showHijri && current ? formatHijri(current) : null;
  // The Hijri line is read with the field, so screen-reader users hear the converted date too.
  const ids = {
    ...baseIds,
    describedBy:
      [baseIds.describedBy, hijri ? hijriId : undefined].filter(Boolean).join(' ') || undefined,
  };
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      below={hijri ? <Hijri id={hijriId}>{`${HIJRI_PREFIX} ${hijri}`}</Hijri> : null}
    >
      <DateInput
        ref={setRefs}
        required={required}
        {...rest}
        type="date"
        id={ids.id}
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        $invalid={Boolean(error)}
      />
    </FieldShell>
  );
});
