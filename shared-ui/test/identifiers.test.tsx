import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FileNumber,
  Iban,
  IdentifiedText,
  Identifier,
  LtrText,
  Money,
  NationalId,
  NumberField,
  PhoneNumber,
  formatCurrency,
  formatNumber,
  stripBidiMarks,
} from '../src';
import { renderWithTheme } from './render';

const isolated = (element: HTMLElement) => {
  expect(element.tagName).toBe('BDI');
  expect(element).toHaveStyle({ whiteSpace: 'nowrap', unicodeBidi: 'isolate' });
};

describe('identifiers in right-to-left text', () => {
  it('isolates a file number left-to-right on one line inside Arabic text and parentheses', () => {
    renderWithTheme(
      <p dir="rtl" data-testid="line">
        الأسرة (<FileNumber value="F-1447-00007" />) مسجلة
      </p>,
    );
    const id = screen.getByText('F-1447-00007');
    isolated(id);
    expect(id).toHaveAttribute('dir', 'ltr');
    expect(id).toHaveAttribute('data-identifier', 'file-number');
    // The parentheses stay outside the isolate, so the paragraph mirrors them, not the number.
    expect(screen.getByTestId('line').textContent).toBe('الأسرة (F-1447-00007) مسجلة');
  });

  it('shows a Saudi mobile in the one UI format (05…), isolated', () => {
    renderWithTheme(
      <p dir="rtl">
        الجوال: <PhoneNumber value="+966509988776" />
      </p>,
    );
    const phone = screen.getByText('0509988776');
    isolated(phone);
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByText(/966/)).toBeNull();
  });

  it('shows other phones, national IDs, IBANs and codes as given', () => {
    renderWithTheme(
      <div dir="rtl">
        <PhoneNumber value="0112345678" />
        <NationalId value="1000000008" />
        <Iban value="SA0380000000608010167519" />
        <Identifier value="RRRD2929" />
      </div>,
    );
    isolated(screen.getByText('0112345678'));
    expect(screen.getByText('1000000008')).toHaveAttribute('data-identifier', 'national-id');
    isolated(screen.getByText('SA03 8000 0000 6080 1016 7519'));
    expect(screen.getByText('RRRD2929')).toHaveAttribute('data-identifier', 'code');
  });

  it('shows an em dash for no value', () => {
    renderWithTheme(
      <p dir="rtl">
        <NationalId value={null} />|<PhoneNumber value="" />|<Money value={null} />
      </p>,
    );
    expect(screen.getByText('—|—|—')).toBeInTheDocument();
  });

  it('keeps an amount with its Arabic currency together, in reading order', () => {
    renderWithTheme(
      <p dir="rtl">
        الإيجار <Money value="1,500" /> شهرياً
      </p>,
    );
    const amount = screen.getByText((_, element) => element?.tagName === 'BDI');
    isolated(amount);
    expect(amount).toHaveAttribute('dir', 'rtl');
    expect(stripBidiMarks(amount.textContent ?? '').replace(/\u00a0/g, ' ')).toBe('1,500.00 ر.س.');
  });

  it('LtrText wraps long free text when asked (a user agent) and never an identifier', () => {
    renderWithTheme(
      <div dir="rtl">
        <LtrText>F-1447-00001</LtrText>
        <LtrText wrap>Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36</LtrText>
      </div>,
    );
    expect(screen.getByText('F-1447-00001')).toHaveStyle({ whiteSpace: 'nowrap' });
    const agent = screen.getByText(/Mozilla/);
    expect(agent).not.toHaveStyle({ whiteSpace: 'nowrap' });
    expect(agent).toHaveStyle({ overflowWrap: 'anywhere' });
  });
});

describe('numbers typed as people type them, shown as they will be saved', () => {
  it.each([
    ['1,500', '1,500'],
    ['١٬٥٠٠', '1,500'],
    ['1500', '1,500'],
    ['١٥٠٠٫٥', '1,500.5'],
  ])('formatNumber reads %p as the schemas do', (typed, shown) => {
    expect(stripBidiMarks(formatNumber(typed))).toBe(shown);
  });

  it('formatCurrency shows a typed amount instead of "missing"', () => {
    expect(stripBidiMarks(formatCurrency('١٬٥٠٠')).replace(/\u00a0/g, ' ')).toBe('1,500.00 ر.س.');
    expect(formatCurrency('1,5')).toBe('—');
  });

  it('NumberField rewrites Arabic separators as they are typed', async () => {
    renderWithTheme(<NumberField label="الإيجار الشهري" />);
    const input = screen.getByLabelText('الإيجار الشهري');
    await userEvent.type(input, '١٬٥٠٠٫٧٥');
    expect(input).toHaveValue('1,500.75');
  });
});

describe('IdentifiedText (a server-written label)', () => {
  it('isolates the file number, phone and ID inside the label, keeping the words around them', () => {
    renderWithTheme(
      <p data-testid="label">
        <IdentifiedText text="أسرة أحمد (F-1448-00015) جوال +966533344556 هوية 1012345678" />
      </p>,
    );
    const file = screen.getByText('F-1448-00015');
    isolated(file);
    expect(file).toHaveAttribute('data-identifier', 'file-number');
    const phone = screen.getByText('0533344556');
    expect(phone).toHaveAttribute('data-identifier', 'phone');
    expect(screen.getByText('1012345678')).toHaveAttribute('data-identifier', 'national-id');
    expect(screen.getByTestId('label').textContent).toBe(
      'أسرة أحمد (F-1448-00015) جوال 0533344556 هوية 1012345678',
    );
  });

  it('isolates an uploaded file’s name in its own direction, and no amount as one', () => {
    renderWithTheme(
      <p data-testid="document">
        <IdentifiedText text="صورة: صورة-المنزل.png" />
      </p>,
    );
    const name = screen.getByText('صورة-المنزل.png');
    expect(name.tagName).toBe('BDI');
    expect(name).toHaveAttribute('data-identifier', 'file-name');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('document').textContent).toBe('صورة: صورة-المنزل.png');
    renderWithTheme(
      <p data-testid="amount">
        <IdentifiedText text="صرف 1500.00 ر.س. للأسرة" />
      </p>,
    );
    expect(screen.getByTestId('amount').querySelector('[data-identifier]')).toBeNull();
  });

  it('takes no identifier out of a longer run of digits', () => {
    renderWithTheme(
      <p data-testid="long">
        <IdentifiedText text="مرجع 990512345678 و 11012345678" />
      </p>,
    );
    expect(screen.getByTestId('long').querySelector('[data-identifier]')).toBeNull();
  });

  it('leaves text without identifiers as it is', () => {
    renderWithTheme(
      <p data-testid="plain">
        <IdentifiedText text="تعديل بيانات الأسرة" />
      </p>,
    );
    expect(screen.getByTestId('plain').innerHTML).toBe('تعديل بيانات الأسرة');
  });
});
