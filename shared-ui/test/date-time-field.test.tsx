import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DateTimeField,
  TIME_FORMAT_ERROR,
  TimeField,
  formatTypedTime,
  readTypedTime,
} from '../src';
import { renderWithTheme } from './render';

describe('readTypedTime / formatTypedTime', () => {
  it('reads hours of the chosen period, 24-hour times as they are, Arabic digits', () => {
    expect(readTypedTime('5', 'pm')).toEqual({ kind: 'time', hhmm: '17:00' });
    expect(readTypedTime('٥:٣٠', 'am')).toEqual({ kind: 'time', hhmm: '05:30' });
    expect(readTypedTime('12:15', 'am')).toEqual({ kind: 'time', hhmm: '00:15' });
    expect(readTypedTime('12', 'pm')).toEqual({ kind: 'time', hhmm: '12:00' });
    expect(readTypedTime('17:45', 'am')).toEqual({ kind: 'time', hhmm: '17:45' });
    expect(readTypedTime('', 'am')).toEqual({ kind: 'blank' });
    expect(readTypedTime('25:00', 'am')).toEqual({ kind: 'invalid' });
    expect(readTypedTime('5:7', 'am')).toEqual({ kind: 'invalid' });
    expect(formatTypedTime('17:05')).toEqual({ text: '05:05', period: 'pm' });
    expect(formatTypedTime('00:30')).toEqual({ text: '12:30', period: 'am' });
  });
});

function ControlledTime({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField label="الساعة" value={value} onValueChange={setValue} />
      <output data-testid="time">{value}</output>
    </>
  );
}

describe('TimeField', () => {
  it('takes hours:minutes with «ص» / «م» (never AM/PM) and holds the 24-hour time', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ControlledTime initial="17:00" />);
    const input = screen.getByRole('textbox', { name: 'الساعة' });
    expect(input).toHaveValue('05:00');
    const periods = screen.getByRole('group', { name: /الفترة/ });
    expect(within(periods).getByRole('button', { name: 'م' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(periods).getByRole('button', { name: 'ص' }));
    expect(screen.getByTestId('time')).toHaveTextContent('05:00');
    await user.clear(input);
    await user.type(input, '21:30');
    await user.tab();
    expect(screen.getByTestId('time')).toHaveTextContent('21:30');
    expect(input).toHaveValue('09:30');
    expect(within(periods).getByRole('button', { name: 'م' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(document.body.textContent).not.toMatch(/AM|PM/);
  });

  it('says in Arabic when what is typed is not a time', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ControlledTime />);
    await user.type(screen.getByRole('textbox', { name: 'الساعة' }), '99');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'الساعة' })).toHaveAccessibleDescription(
      TIME_FORMAT_ERROR,
    );
  });
});

function SeminarTimes({ onSubmit }: { onSubmit: (values: { starts_at: string }) => void }) {
  const form = useForm({ defaultValues: { starts_at: '2026-12-20T17:00' } });
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <DateTimeField label="وقت البداية" required {...form.register('starts_at')} />
      <button type="submit">حفظ</button>
    </form>
  );
}

describe('DateTimeField', () => {
  it('shows a stored local time day/month/year with «م», not the browser’s 12/20/2026, 05:00 PM', () => {
    renderWithTheme(<SeminarTimes onSubmit={jest.fn()} />);
    const group = screen.getByRole('group', { name: /وقت البداية/ });
    expect(within(group).getByRole('textbox', { name: /التاريخ/ })).toHaveValue('20/12/2026');
    expect(within(group).getByRole('textbox', { name: /الساعة/ })).toHaveValue('05:00');
    // The date part keeps its Hijri switch.
    expect(within(group).getByRole('button', { name: 'هجري' })).toBeInTheDocument();
    expect(group.querySelector('input[type="datetime-local"]')).toBeNull();
  });

  it('sends the API’s YYYY-MM-DDTHH:MM local time through react-hook-form', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    renderWithTheme(<SeminarTimes onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: /وقت البداية/ });
    const date = within(group).getByRole('textbox', { name: /التاريخ/ });
    fireEvent.change(date, { target: { value: '05/01/2027' } });
    const time = within(group).getByRole('textbox', { name: /الساعة/ });
    await user.clear(time);
    await user.type(time, '9:30');
    await user.click(within(group).getByRole('button', { name: 'ص' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(onSubmit).toHaveBeenCalledWith({ starts_at: '2027-01-05T09:30' }, expect.anything());
  });
});
