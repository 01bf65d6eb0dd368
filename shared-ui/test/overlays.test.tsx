import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  Button,
  ConfirmDialog,
  Dialog,
  dismissLabelFor,
  DropdownMenu,
  TextField,
  Tooltip,
  TooltipProvider,
} from '../src';
import { renderWithTheme } from './render';

function DialogHarness({ withFields = true }: { withFields?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>فتح</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="إضافة أسرة"
        description="أدخل بيانات الأسرة"
        footer={<Button onClick={() => setOpen(false)}>حفظ</Button>}
      >
        {withFields ? (
          <>
            <TextField label="اسم الأسرة" />
            <TextField label="المدينة" />
          </>
        ) : (
          <p>نص فقط</p>
        )}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal in a portal, focused on its first field', async () => {
    const { container } = renderWithTheme(<DialogHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'فتح' }));
    const dialog = screen.getByRole('dialog', { name: 'إضافة أسرة' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('أدخل بيانات الأسرة');
    expect(container.contains(dialog)).toBe(false);
    expect(screen.getByLabelText('اسم الأسرة')).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside', async () => {
    renderWithTheme(<DialogHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'فتح' }));
    const close = screen.getByRole('button', { name: 'إغلاق' });
    const first = screen.getByLabelText('اسم الأسرة');
    const save = screen.getByRole('button', { name: 'حفظ' });
    await userEvent.tab();
    expect(screen.getByLabelText('المدينة')).toHaveFocus();
    await userEvent.tab();
    expect(save).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    renderWithTheme(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'فتح' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes with the labelled close button and focuses it when there is nothing else', async () => {
    renderWithTheme(<DialogHarness withFields={false} />);
    const opener = screen.getByRole('button', { name: 'فتح' });
    await userEvent.click(opener);
    // The footer's button is the first control of the content.
    expect(screen.getByRole('button', { name: 'حفظ' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});

describe('ConfirmDialog', () => {
  it('starts on Cancel, and confirms or cancels', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithTheme(
      <ConfirmDialog
        open
        title="حذف الأسرة"
        message="لا يمكن التراجع"
        confirmLabel="حذف"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'حذف الأسرة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'حذف' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while busy', async () => {
    const onCancel = jest.fn();
    renderWithTheme(
      <ConfirmDialog
        open
        busy
        title="حذف"
        message="..."
        confirmLabel="حذف"
        onConfirm={jest.fn()}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'حذف' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('names the dismiss button «تراجع» when the action itself is a «إلغاء …»', () => {
    renderWithTheme(
      <ConfirmDialog
        open
        destructive
        title="إلغاء تسجيل أحمد؟"
        message="يتحرر مقعده."
        confirmLabel="إلغاء التسجيل"
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'تراجع' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'إلغاء' })).not.toBeInTheDocument();
  });

  it('keeps «إلغاء» for other actions and a given label as given', () => {
    expect(dismissLabelFor('حذف')).toBe('إلغاء');
    expect(dismissLabelFor('إلغاء الخدمة')).toBe('تراجع');
    expect(dismissLabelFor('إلغاء الخدمة', 'إغلاق')).toBe('إغلاق');
  });
});

describe('DropdownMenu', () => {
  const setup = () => {
    const onProfile = jest.fn();
    const onLogout = jest.fn();
    renderWithTheme(
      <>
        <DropdownMenu
          label="قائمة الحساب"
          trigger="أحمد"
          items={[
            { label: 'حسابي', icon: 'user', onSelect: jest.fn() },
            { label: 'الملف الشخصي', onSelect: onProfile },
            { label: 'تسجيل الخروج', icon: 'logout', onSelect: onLogout, destructive: true },
          ]}
        />
        <button type="button">خارج</button>
      </>,
    );
    return { trigger: screen.getByRole('button', { name: 'قائمة الحساب' }), onProfile, onLogout };
  };

  it('is a menu button that opens on the first item', async () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'قائمة الحساب' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'حسابي' })).toHaveFocus();
  });

  it('moves with arrows, Home and End, and wraps', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'حسابي' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'الملف الشخصي' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'تسجيل الخروج' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'حسابي' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'تسجيل الخروج' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'حسابي' })).toHaveFocus();
  });

  it('ArrowUp on the trigger opens on the last item; Escape closes back to the trigger', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'تسجيل الخروج' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter selects an item, closes, and returns focus', async () => {
    const { trigger, onProfile } = setup();
    await userEvent.click(trigger);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('a click outside closes it', async () => {
    const { onLogout } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'قائمة الحساب' }));
    await userEvent.click(screen.getByRole('button', { name: 'خارج' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });
});

describe('Tooltip', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const advance = (ms: number) =>
    act(() => {
      jest.advanceTimersByTime(ms);
    });

  function Two({ delayDuration }: { delayDuration?: number }) {
    return (
      <TooltipProvider delayDuration={delayDuration}>
        <Tooltip content="الأسر">
          <button type="button">أ</button>
        </Tooltip>
        <Tooltip content="الجهات" side="left">
          <button type="button">ب</button>
        </Tooltip>
      </TooltipProvider>
    );
  }

  it('opens after 700 ms on hover and describes its trigger', async () => {
    const u = user();
    renderWithTheme(<Two />);
    const trigger = screen.getByRole('button', { name: 'أ' });
    await u.hover(trigger);
    advance(699);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent('الأسر');
    expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    await u.unhover(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus too, and Escape hides it', async () => {
    const u = user();
    renderWithTheme(<Two />);
    await u.tab();
    advance(700);
    expect(screen.getByRole('tooltip')).toHaveTextContent('الأسر');
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('skips the delay when moving to another tooltip within 300 ms', async () => {
    const u = user();
    renderWithTheme(<Two />);
    await u.hover(screen.getByRole('button', { name: 'أ' }));
    advance(700);
    await u.unhover(screen.getByRole('button', { name: 'أ' }));
    advance(200);
    await u.hover(screen.getByRole('button', { name: 'ب' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('الجهات');
  });

  it('waits again once the 300 ms skip window has passed', async () => {
    const u = user();
    renderWithTheme(<Two />);
    await u.hover(screen.getByRole('button', { name: 'أ' }));
    advance(700);
    await u.unhover(screen.getByRole('button', { name: 'أ' }));
    advance(300);
    await u.hover(screen.getByRole('button', { name: 'ب' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(700);
    expect(screen.getByRole('tooltip')).toHaveTextContent('الجهات');
  });

  it('opens at once with delayDuration 0 (the sidebar)', async () => {
    const u = user();
    renderWithTheme(<Two delayDuration={0} />);
    await u.hover(screen.getByRole('button', { name: 'ب' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('الجهات');
  });

  it('ignores touch pointers', () => {
    renderWithTheme(<Two delayDuration={0} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'أ' }), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
