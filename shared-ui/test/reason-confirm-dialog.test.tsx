import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { REASON_REQUIRED_MESSAGE } from 'shared-contracts';
import { Button, ReasonConfirmDialog } from '../src';
import { renderWithTheme } from './render';

function Harness({
  onConfirm,
  busy = false,
}: {
  onConfirm: (reason: string) => void;
  busy?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>رفض</Button>
      <ReasonConfirmDialog
        open={open}
        title="رفض الأسرة؟"
        message="يُحفظ السبب في سجل حالتها."
        confirmLabel="رفض"
        destructive
        busy={busy}
        onConfirm={(reason) => {
          onConfirm(reason);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ReasonConfirmDialog', () => {
  it('refuses an empty or too short reason inline, then confirms the trimmed reason', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    renderWithTheme(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'رفض' }));
    const dialog = screen.getByRole('dialog', { name: 'رفض الأسرة؟' });
    expect(dialog).toHaveAccessibleDescription('يُحفظ السبب في سجل حالتها.');
    const reason = within(dialog).getByLabelText(/السبب/);
    expect(reason).toBeRequired();

    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(REASON_REQUIRED_MESSAGE));
    await user.type(reason, ' ن ');
    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(reason, 'اقص البيانات ');
    expect(reason).not.toHaveAccessibleDescription(
      expect.stringContaining(REASON_REQUIRED_MESSAGE),
    );
    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expect(onConfirm).toHaveBeenCalledWith('ن اقص البيانات');
  });

  it('starts empty each time it opens', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'رفض' }));
    await user.type(screen.getByLabelText(/السبب/), 'سبب أول');
    await user.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'رفض' }));
    expect(screen.getByLabelText(/السبب/)).toHaveValue('');
  });

  it('cannot be dismissed while the change runs', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness onConfirm={() => {}} busy />);
    await user.click(screen.getByRole('button', { name: 'رفض' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
