import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import {
  CheckboxField,
  employeeOptions,
  DateField,
  NumberField,
  PasswordField,
  SelectField,
  stripBidiMarks,
  TextAreaField,
  TextField,
} from '../src';
import { renderWithTheme } from './render';

describe('TextField', () => {
  it('ties the visible label, hint and error to the input', () => {
    renderWithTheme(
      <TextField label="الاسم" hint="كما في الهوية" error="هذا الحقل مطلوب" required />,
    );
    const input = screen.getByLabelText(/الاسم/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('كما في الهوية هذا الحقل مطلوب');
    // The error is read through aria-describedby, not shouted as an alert on every render.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is valid without an error and forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithTheme(<TextField ref={ref} label="البريد الإلكتروني" type="email" />);
    const input = screen.getByLabelText('البريد الإلكتروني');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(ref.current).toBe(input);
  });

  it('normalises Arabic-Indic digits when asked', async () => {
    const onChange = jest.fn();
    renderWithTheme(
      <TextField label="الجوال" normaliseDigits onChange={(e) => onChange(e.target.value)} />,
    );
    await userEvent.type(screen.getByLabelText('الجوال'), '٠٥۵١');
    expect(screen.getByLabelText('الجوال')).toHaveValue('0551');
    expect(onChange).toHaveBeenLastCalledWith('0551');
  });

  it('leaves digits alone by default', async () => {
    renderWithTheme(<TextField label="ملاحظة" />);
    await userEvent.type(screen.getByLabelText('ملاحظة'), '١٢');
    expect(screen.getByLabelText('ملاحظة')).toHaveValue('١٢');
  });
});

describe('NumberField', () => {
  it('normalises digits by default and stays a text input', async () => {
    renderWithTheme(<NumberField label="المبلغ" />);
    const input = screen.getByLabelText('المبلغ');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '١٢٣٫5');
    expect(input).toHaveValue('123.5');
  });
});

describe('PasswordField', () => {
  it('toggles visibility with a labelled button', async () => {
    renderWithTheme(<PasswordField label="كلمة المرور" />);
    const input = screen.getByLabelText('كلمة المرور');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'إظهار كلمة المرور' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'إخفاء كلمة المرور' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('DateField', () => {
  it('shows the Umm al-Qura date beneath a Gregorian value', () => {
    function Controlled() {
      const [value, setValue] = useState('2025-03-01');
      return (
        <DateField label="تاريخ الميلاد" value={value} onChange={(e) => setValue(e.target.value)} />
      );
    }
    renderWithTheme(<Controlled />);
    const input = screen.getByLabelText('تاريخ الميلاد');
    // Day/month/year whatever the browser's language, not the native date input.
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('01/03/2025');
    expect(stripBidiMarks(screen.getByText(/الموافق/).textContent ?? '')).toBe(
      'الموافق 1 رمضان 1446 هـ',
    );
    // Umm al-Qura: Ramadan 1446 had 29 days, so Eid al-Fitr fell on 30 March 2025.
    fireEvent.change(input, { target: { value: '30/03/2025' } });
    expect(stripBidiMarks(screen.getByText(/الموافق/).textContent ?? '')).toBe(
      'الموافق 1 شوال 1446 هـ',
    );
  });

  it('follows an uncontrolled input too (react-hook-form register)', () => {
    renderWithTheme(<DateField label="التاريخ" defaultValue="" />);
    expect(screen.queryByText(/الموافق/)).toBeNull();
    fireEvent.change(screen.getByLabelText('التاريخ'), { target: { value: '1/3/2025' } });
    expect(screen.getByText(/الموافق/)).toBeInTheDocument();
  });
});

describe('other fields', () => {
  it('SelectField renders the placeholder and options', async () => {
    renderWithTheme(
      <SelectField
        label="الحالة"
        placeholder="اختر..."
        options={[
          { value: 'active', label: 'نشط' },
          { value: 'inactive', label: 'غير نشط' },
        ]}
        error="القيمة غير صحيحة"
      />,
    );
    const select = screen.getByLabelText('الحالة');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(select, 'inactive');
    expect(select).toHaveValue('inactive');
    expect(screen.getByRole('option', { name: 'اختر...' })).toBeInTheDocument();
  });

  it('CheckboxField and TextAreaField are labelled', async () => {
    renderWithTheme(
      <>
        <CheckboxField label="نشط" hint="يظهر في القوائم" />
        <TextAreaField label="ملاحظات" />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'نشط' });
    expect(box).toHaveAccessibleDescription('يظهر في القوائم');
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'ملاحظات' })).toBeInTheDocument();
  });
});

describe('employeeOptions', () => {
  it('adds the isolated email beside a name two employees share, and keeps the current one', () => {
    expect(
      employeeOptions(
        [
          { id: 1, name: 'أحمد الشهري', email: 'ahmad@ataa.org.sa' },
          { id: 2, name: 'نورة', email: 'noura@ataa.org.sa' },
        ],
        { id: 9, name: 'أحمد الشهري', email: 'ahmad.old@ataa.org.sa' },
      ),
    ).toEqual([
      { value: 9, label: 'أحمد الشهري — \u2066ahmad.old@ataa.org.sa\u2069' },
      { value: 1, label: 'أحمد الشهري — \u2066ahmad@ataa.org.sa\u2069' },
      { value: 2, label: 'نورة' },
    ]);
  });
});
