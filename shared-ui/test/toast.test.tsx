import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import {
  createToastStore,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_THRESHOLD,
  ToastProvider,
  useToast,
  type ToastOptions,
} from '../src';
import { renderWithTheme } from './render';

// The latest useToast() result, for driving the store from the test.
const latest: { current: ReturnType<typeof useToast> | null } = { current: null };
function Capture() {
  const value = useToast();
  useEffect(() => {
    latest.current = value;
  });
  return <span data-testid="count">{value.toasts.length}</span>;
}
function api(): ReturnType<typeof useToast> {
  if (!latest.current) throw new Error('Capture has not rendered');
  return latest.current;
}

function setup(children?: ReactNode) {
  renderWithTheme(
    <ToastProvider>
      <Capture />
      {children}
    </ToastProvider>,
  );
  return {
    show: (options: ToastOptions) => {
      let id = '';
      act(() => {
        id = api().toast(options);
      });
      return id;
    },
  };
}

const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('exports the shell toast constants', () => {
    expect([
      TOAST_LIMIT,
      TOAST_REMOVE_DELAY,
      TOAST_DEFAULT_DURATION,
      TOAST_SWIPE_THRESHOLD,
    ]).toEqual([1, 1_000_000, 5000, 50]);
  });

  it('renders title and description in a status inside the F8 region', () => {
    const { show } = setup();
    show({ title: 'تم الحفظ', description: 'حُفظت بيانات الأسرة' });
    const region = screen.getByRole('region', { name: 'الإشعارات (F8)' });
    const toast = within(region).getByRole('status');
    expect(toast).toHaveTextContent('تم الحفظ');
    expect(toast).toHaveTextContent('حُفظت بيانات الأسرة');
  });

  it('shows one at a time: a second toast replaces the first', () => {
    const { show } = setup();
    show({ title: 'الأول' });
    show({ title: 'الثاني' });
    expect(screen.queryByText('الأول')).toBeNull();
    expect(screen.getAllByRole('status').filter((el) => el.tagName === 'LI')).toHaveLength(1);
    expect(screen.getByText('الثاني')).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');
  });

  it('dismisses itself after 5000 ms by default', () => {
    const { show } = setup();
    show({ title: 'تم الحفظ' });
    advance(4999);
    expect(screen.getByText('تم الحفظ')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('تم الحفظ')).toBeNull();
  });

  it('honours a per-toast duration (the logout error: 3000 ms, red)', () => {
    const { show } = setup();
    show({
      title: 'حدث خطأ أثناء تسجيل الخروج',
      description: 'يرجى المحاولة مرة أخرى',
      variant: 'destructive',
      duration: 3000,
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('حدث خطأ أثناء تسجيل الخروج');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    advance(2999);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pauses its timer while hovered', () => {
    const { show } = setup();
    show({ title: 'ثابت' });
    advance(4000);
    fireEvent.pointerOver(screen.getByText('ثابت'));
    advance(10_000);
    expect(screen.getByText('ثابت')).toBeInTheDocument();
    fireEvent.pointerOut(screen.getByText('ثابت'), { relatedTarget: document.body });
    advance(999);
    expect(screen.getByText('ثابت')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('ثابت')).toBeNull();
  });

  it('closes with its labelled close button', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { show } = setup();
    show({ title: 'رسالة' });
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByText('رسالة')).toBeNull();
  });

  it('runs the action and closes', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onUndo = jest.fn();
    const { show } = setup();
    show({ title: 'حُذفت الأسرة', action: { label: 'تراجع', onClick: onUndo } });
    await user.click(screen.getByRole('button', { name: 'تراجع' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('حُذفت الأسرة')).toBeNull();
  });

  it('F8 moves focus to the notification region', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    setup(<button type="button">في الصفحة</button>);
    await user.click(screen.getByRole('button', { name: 'في الصفحة' }));
    await user.keyboard('{F8}');
    expect(screen.getByRole('region', { name: 'الإشعارات (F8)' })).toHaveFocus();
  });

  function swipe(element: HTMLElement, dx: number) {
    fireEvent.pointerDown(element, { pointerId: 7, button: 0, clientX: 100, clientY: 10 });
    fireEvent.pointerMove(element, { pointerId: 7, clientX: 100 + dx / 2, clientY: 10 });
    fireEvent.pointerMove(element, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
    fireEvent.pointerUp(element, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
  }

  it('a swipe right of 60 px dismisses', () => {
    const { show } = setup();
    show({ title: 'اسحب' });
    swipe(screen.getByRole('status'), 60);
    expect(screen.queryByText('اسحب')).toBeNull();
  });

  it('a swipe of 30 px (or to the left) does not', () => {
    const { show } = setup();
    show({ title: 'اسحب' });
    swipe(screen.getByRole('status'), 30);
    expect(screen.getByText('اسحب')).toBeInTheDocument();
    swipe(screen.getByRole('status'), -80);
    expect(screen.getByText('اسحب')).toBeInTheDocument();
  });

  it('keeps a dismissed toast in the store until 1,000,000 ms have passed', () => {
    const { show } = setup();
    const id = show({ title: 'قديم' });
    act(() => api().dismiss(id));
    expect(screen.queryByText('قديم')).toBeNull();
    expect(api().toasts).toEqual([expect.objectContaining({ id, open: false })]);
    advance(TOAST_REMOVE_DELAY - 1);
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    advance(1);
    expect(screen.getByTestId('count')).toHaveTextContent('0');
  });

  it('useToast outside a provider throws a clear error', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture />)).toThrow(/useToast\(\) must be used inside <ToastProvider>/);
    spy.mockRestore();
  });
});

describe('createToastStore', () => {
  it('dismiss() without an id closes everything and removal waits for the delay', () => {
    const store = createToastStore();
    store.toast({ title: 'أ' });
    store.dismiss();
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ open: false })]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.getSnapshot()).toEqual([]);
    store.destroy();
  });
});
