import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  Button,
  EmptyState,
  ErrorState,
  FullPageLoading,
  Icon,
  IconButton,
  ICON_NAMES,
  LoadingState,
  PageHeader,
  Spinner,
  UnderConstruction,
} from '../src';
import { SIDEBAR } from 'shared-contracts';
import { renderWithTheme } from './render';

describe('loading states', () => {
  it('FullPageLoading shows exactly "Loading..." politely', () => {
    renderWithTheme(<FullPageLoading />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('LoadingState shows its label', () => {
    renderWithTheme(<LoadingState label="جارٍ تحميل الأسر" />);
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الأسر');
  });

  it('Spinner is decorative without a label and a status with one', () => {
    const { container, rerender } = renderWithTheme(<Spinner />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
    rerender(<Spinner label="جارٍ الحفظ" />);
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ الحفظ');
  });
});

describe('ErrorState', () => {
  it('is an alert with the default heading and a retry button', async () => {
    const onRetry = jest.fn();
    renderWithTheme(<ErrorState message="تعذر تحميل البيانات" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('حدث خطأ');
    expect(alert).toHaveTextContent('تعذر تحميل البيانات');
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry', () => {
    renderWithTheme(<ErrorState title="خطأ في الاتصال" message="x" />);
    expect(screen.getByRole('heading', { name: 'خطأ في الاتصال' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('UnderConstruction', () => {
  it('names the page in a calm status panel', () => {
    renderWithTheme(<UnderConstruction pageTitle="الأسر" />);
    const status = screen.getByRole('status');
    expect(screen.getByRole('heading', { name: 'قيد الإنشاء' })).toBeInTheDocument();
    expect(status).toHaveTextContent('صفحة «الأسر» قيد الإنشاء وستتوفر في إصدار قادم.');
  });
});

describe('EmptyState and PageHeader', () => {
  it('EmptyState shows title, description and action', () => {
    renderWithTheme(
      <EmptyState title="لا توجد أسر" description="أضف أول أسرة" action={<Button>إضافة</Button>} />,
    );
    expect(screen.getByRole('heading', { name: 'لا توجد أسر' })).toBeInTheDocument();
    expect(screen.getByText('أضف أول أسرة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة' })).toBeInTheDocument();
  });

  it('PageHeader renders the page heading and actions', () => {
    renderWithTheme(
      <PageHeader title="الأسر" description="إدارة الأسر" actions={<Button>إضافة أسرة</Button>} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'الأسر' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة أسرة' })).toBeInTheDocument();
  });
});

describe('Button', () => {
  function SaveButton() {
    const [saving, setSaving] = useState(false);
    return (
      <Button loading={saving} onClick={() => setSaving(true)}>
        حفظ
      </Button>
    );
  }

  it('while loading is disabled, busy, and announces it', async () => {
    renderWithTheme(<SaveButton />);
    const button = screen.getByRole('button', { name: 'حفظ' });
    expect(button).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ التنفيذ...');
  });

  it('defaults to type="button" so it never submits a form by accident', () => {
    renderWithTheme(<Button>إلغاء</Button>);
    expect(screen.getByRole('button', { name: 'إلغاء' })).toHaveAttribute('type', 'button');
  });

  it('IconButton takes its name from label', async () => {
    const onClick = jest.fn();
    renderWithTheme(<IconButton label="تبديل القائمة" icon="menu" onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'تبديل القائمة' }));
    expect(onClick).toHaveBeenCalled();
  });
});

describe('Icon', () => {
  it('has a glyph for every sidebar icon of shared-contracts', () => {
    const used = new Set<string>();
    for (const entry of SIDEBAR) {
      used.add(entry.icon);
      if (entry.kind === 'group') entry.links.forEach((link) => used.add(link.icon));
    }
    for (const name of used) expect(ICON_NAMES).toContain(name);
  });

  it('is hidden from assistive tech unless labelled, and can be mirrored', () => {
    const { container, rerender } = renderWithTheme(<Icon name="chevron-left" mirrored />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    rerender(<Icon name="alert" label="تنبيه" />);
    expect(screen.getByRole('img', { name: 'تنبيه' })).toBeInTheDocument();
  });
});
