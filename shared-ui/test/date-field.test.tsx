import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DATE_FORMAT_ERROR,
  DateField,
  bindFields,
  stripBidiMarks,
  type DateFieldProps,
} from '../src';
import { renderWithTheme } from './render';

const otherCalendarLine = () => stripBidiMarks(screen.getByText(/^الموافق/).textContent ?? '');

function Controlled(
  props: Partial<DateFieldProps> & { initial?: string; onValue?: (v: string) => void },
) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="تاريخ الميلاد"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onValue?.(event.target.value);
        }}
        {...rest}
      />
      <output data-testid="stored">{value}</output>
    </>
  );
}

const stored = () => screen.getByTestId('stored').textContent;

describe('DateField: day/month/year in either calendar, stored Gregorian', () => {
  it('accepts day/month/year (and ISO, Arabic-Indic digits) whatever the browser language', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'تاريخ الميلاد' });
    await user.type(input, '18/2/2026');
    expect(stored()).toBe('2026-02-18');
    expect(otherCalendarLine()).toBe('الموافق 1 رمضان 1447 هـ');
    // Leaving the field writes the date back in the one format.
    await user.tab();
    expect(input).toHaveValue('18/02/2026');

    await user.clear(input);
    expect(stored()).toBe('');
    await user.type(input, '١٨/٠٢/٢٠٢٦');
    expect(stored()).toBe('2026-02-18');
    fireEvent.change(input, { target: { value: '2025-06-26' } });
    expect(stored()).toBe('2025-06-26');
  });

  it('takes a Hijri date by the switch, shows the Gregorian beside it and stores Gregorian', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    const calendar = screen.getByRole('group', { name: 'التقويم' });
    await user.click(within(calendar).getByRole('button', { name: 'هجري' }));
    expect(within(calendar).getByRole('button', { name: 'هجري' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const input = screen.getByRole('textbox', { name: 'تاريخ الميلاد' });
    await user.type(input, '1/9/1447');
    expect(stored()).toBe('2026-02-18');
    expect(otherCalendarLine()).toBe('الموافق 18 فبراير 2026');
    await user.clear(input);
    await user.type(input, '1/1/1447');
    expect(stored()).toBe('2025-06-26');
    expect(otherCalendarLine()).toBe('الموافق 26 يونيو 2025');

    // Switching back shows the same day in Gregorian.
    await user.click(within(calendar).getByRole('button', { name: 'ميلادي' }));
    expect(input).toHaveValue('26/06/2025');
    expect(otherCalendarLine()).toBe('الموافق 1 محرم 1447 هـ');
  });

  it('round-trips known Umm al-Qura dates through the field', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled initial="2025-03-30" calendar="hijri" />);
    const input = screen.getByRole('textbox', { name: 'تاريخ الميلاد' });
    // Eid al-Fitr 1446 (Ramadan 1446 had 29 days).
    expect(input).toHaveValue('01/10/1446');
    await user.clear(input);
    await user.type(input, '10/12/1445');
    expect(stored()).toBe('2024-06-16');
  });

  it('is reachable and operable by keyboard, and labelled', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled hint="كما في الهوية" required />);
    const input = screen.getByRole('textbox', { name: /تاريخ الميلاد/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('كما في الهوية');
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'ميلادي' })).toHaveFocus();
    await user.tab();
    const hijri = screen.getByRole('button', { name: 'هجري' });
    expect(hijri).toHaveFocus();
    await user.keyboard(' ');
    expect(hijri).toHaveAttribute('aria-pressed', 'true');
    // The hidden input holding the stored value is never a tab stop.
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('says in Arabic when the text is not a date, and passes the text on for the schema', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'تاريخ الميلاد' });
    await user.type(input, '31/02/2025');
    expect(stored()).toBe('31/02/2025');
    expect(screen.queryByText(DATE_FORMAT_ERROR)).toBeNull();
    await user.tab();
    expect(screen.getByText(DATE_FORMAT_ERROR)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(DATE_FORMAT_ERROR);
    await user.clear(input);
    expect(screen.queryByText(DATE_FORMAT_ERROR)).toBeNull();
  });

  it('shows the form error it is given', () => {
    renderWithTheme(<Controlled error="هذا الحقل مطلوب" />);
    expect(screen.getByRole('textbox', { name: 'تاريخ الميلاد' })).toHaveAccessibleDescription(
      'هذا الحقل مطلوب',
    );
  });
});

describe('DateField with react-hook-form register', () => {
  function Form({ onSubmit }: { onSubmit: (values: { birth_date: string }) => void }) {
    const { register, handleSubmit, formState, reset, setError } = useForm<{ birth_date: string }>({
      defaultValues: { birth_date: '2026-02-18' },
    });
    const fieldProps = bindFields(register, formState.errors);
    return (
      <form onSubmit={handleSubmit(onSubmit)}>
        <DateField label="تاريخ الميلاد" {...fieldProps('birth_date')} />
        <button type="submit">حفظ</button>
        <button type="button" onClick={() => reset({ birth_date: '2025-03-01' })}>
          استعادة
        </button>
        <button
          type="button"
          onClick={() =>
            setError('birth_date', { message: 'تاريخ غير صالح' }, { shouldFocus: true })
          }
        >
          خطأ
        </button>
      </form>
    );
  }

  it('shows the default, submits typed dates as Gregorian ISO and follows a reset', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderWithTheme(<Form onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: 'تاريخ الميلاد' });
    expect(input).toHaveValue('18/02/2026');

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ birth_date: '2026-02-18' }, expect.anything());

    await user.click(screen.getByRole('button', { name: 'هجري' }));
    expect(input).toHaveValue('01/09/1447');
    await user.clear(input);
    await user.type(input, '1/1/1447');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ birth_date: '2025-06-26' }, expect.anything());

    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'استعادة' }));
    });
    expect(input).toHaveValue('01/09/1446');
    expect(otherCalendarLine()).toBe('الموافق 1 مارس 2025');
  });

  it('moves focus to the typed text for an error', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Form onSubmit={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'خطأ' }));
    expect(screen.getByRole('textbox', { name: 'تاريخ الميلاد' })).toHaveFocus();
    expect(screen.getByText('تاريخ غير صالح')).toBeInTheDocument();
  });
});
