import { useState, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { normaliseDigits } from 'shared-contracts';
import { controlStyles, FieldShell, useFieldIds, type FieldCommonProps } from './field-shell';

/** The period words a time is read with (not AM/PM, whatever the browser's language). */
export const TIME_PERIODS = { am: 'ص', pm: 'م' } as const;
export type TimePeriod = keyof typeof TIME_PERIODS;
export const TIME_PERIOD_LABEL = 'الفترة: ص قبل الظهر، م بعده';
export const TIME_PLACEHOLDER = 'ساعة:دقيقة';
export const TIME_FORMAT_ERROR = 'وقت غير صالح، اكتبه بالشكل ساعة:دقيقة';

export type TypedTime =
  | { readonly kind: 'time'; readonly hhmm: string }
  | { readonly kind: 'blank' }
  | { readonly kind: 'invalid' };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A typed time (`5`, `5:30`, `05:30`, `17:30`, Arabic-Indic digits, `.` or `٫` for the colon)
 * read with the chosen period: 1–12 are hours of that period (12 ص is midnight, 12 م noon);
 * 0 and 13–23 are 24-hour times whatever the period says.
 */
export function readTypedTime(text: string, period: TimePeriod): TypedTime {
  const typed = normaliseDigits(text).trim().replace(/[.٫]/g, ':');
  if (typed === '') return { kind: 'blank' };
  const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(typed);
  if (!match) return { kind: 'invalid' };
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (hour > 23 || minute > 59) return { kind: 'invalid' };
  let hour24 = hour;
  if (hour >= 1 && hour <= 12) {
    if (period === 'am') hour24 = hour === 12 ? 0 : hour;
    else hour24 = hour === 12 ? 12 : hour + 12;
  }
  return { kind: 'time', hhmm: `${pad(hour24)}:${pad(minute)}` };
}

/** `17:05` → `05:05` with «م»: the twelve-hour text and its period; null when not a time. */
export function formatTypedTime(hhmm: string): { text: string; period: TimePeriod } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return { text: `${pad(twelve)}:${pad(minute)}`, period: hour < 12 ? 'am' : 'pm' };
}

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
  min-inline-size: 2.25rem;
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 0;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
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

export interface TimeFieldProps
  extends
    Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'children'>,
    FieldCommonProps {
  /** `HH:MM` (24 hours), '' when blank, or the text typed when it is not a time. */
  value: string;
  /** Called with the new value (same forms as `value`) as the person types or switches period. */
  onValueChange: (value: string) => void;
}

/**
 * A time typed as hours:minutes with the Arabic period words «ص» / «م» beside it (a switch), not
 * the browser's own control, which shows `05:00 PM` on an English browser. The value is the
 * 24-hour `HH:MM` (what the API's local date-times hold); leaving the field writes it back as
 * `05:00` with «م». A 24-hour time (`17:00`) is accepted as typed and sets the period.
 */
export function TimeField({
  label,
  error,
  hint,
  id,
  className,
  required,
  value,
  onValueChange,
  onBlur,
  disabled,
  readOnly,
  ...rest
}: TimeFieldProps) {
  const initial = formatTypedTime(value);
  const [period, setPeriod] = useState<TimePeriod>(initial?.period ?? 'am');
  const [draft, setDraft] = useState(initial?.text ?? value);
  const [seen, setSeen] = useState(value);
  const [blurredInvalid, setBlurredInvalid] = useState(false);
  const shownError = error ?? (blurredInvalid ? TIME_FORMAT_ERROR : undefined);
  const ids = useFieldIds(id, hint, shownError, rest['aria-describedby']);

  // A value from outside (a form reset, the record loaded): shown, unless the typed text
  // already reads as it. Adjusted during render, never in an effect.
  if (value !== seen) {
    setSeen(value);
    const typed = readTypedTime(draft, period);
    const formatted = formatTypedTime(value);
    if (formatted && (typed.kind !== 'time' || typed.hhmm !== value)) {
      setDraft(formatted.text);
      setPeriod(formatted.period);
    } else if (value === '' && typed.kind === 'time') {
      setDraft('');
    }
  }

  const valueOf = (text: string, at: TimePeriod) => {
    const read = readTypedTime(text, at);
    return read.kind === 'time' ? read.hhmm : read.kind === 'blank' ? '' : text.trim();
  };
  const emit = (next: string) => {
    setSeen(next);
    if (next !== value) onValueChange(next);
  };

  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={shownError}
      required={required}
      className={className}
    >
      <Row>
        <TextInput
          {...rest}
          type="text"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          id={ids.id}
          value={draft}
          placeholder={rest.placeholder ?? TIME_PLACEHOLDER}
          disabled={disabled}
          readOnly={readOnly}
          aria-required={required || undefined}
          aria-invalid={shownError ? true : rest['aria-invalid']}
          aria-describedby={ids.describedBy}
          $invalid={Boolean(shownError)}
          onChange={(event) => {
            setDraft(event.target.value);
            setBlurredInvalid(false);
            emit(valueOf(event.target.value, period));
          }}
          onBlur={(event) => {
            const read = readTypedTime(draft, period);
            const formatted = read.kind === 'time' ? formatTypedTime(read.hhmm) : null;
            if (formatted) {
              // A 24-hour time typed (17:00) is written back as 05:00 with «م».
              setDraft(formatted.text);
              setPeriod(formatted.period);
            }
            setBlurredInvalid(read.kind === 'invalid');
            onBlur?.(event);
          }}
        />
        <Switch role="group" aria-label={TIME_PERIOD_LABEL}>
          {(['am', 'pm'] as const).map((option) => (
            <SwitchButton
              key={option}
              type="button"
              aria-pressed={period === option}
              disabled={disabled || readOnly}
              onClick={() => {
                setPeriod(option);
                emit(valueOf(draft, option));
              }}
            >
              {TIME_PERIODS[option]}
            </SwitchButton>
          ))}
        </Switch>
      </Row>
    </FieldShell>
  );
}
