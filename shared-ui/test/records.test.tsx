import { act, screen, within } from '@testing-library/react';
import { z } from 'zod';
import { access, defineEndpoints } from 'shared-contracts';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  DescriptionList,
  EMPTY_VALUE,
  LtrText,
  PICKER_SEARCH_FAILED,
  SearchPicker,
  Timeline,
  formatDateTime,
  type DataTableColumn,
} from '../src';
import { createFakeApi } from '../testing';
import { renderInApp, renderWithTheme } from './render';

describe('DescriptionList', () => {
  it('pairs each label with its value in a <dl>, empty values as —', () => {
    const { container } = renderWithTheme(
      <DescriptionList
        items={[
          { label: 'المدينة', value: 'الرياض' },
          { label: 'الجوال', value: '' },
          { label: 'الملاحظات', value: null },
        ]}
      />,
    );
    const terms = [...container.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...container.querySelectorAll('dd')].map((value) => value.textContent);
    expect(terms).toEqual(['المدينة', 'الجوال', 'الملاحظات']);
    expect(values).toEqual(['الرياض', EMPTY_VALUE, EMPTY_VALUE]);
  });

  it('lays pairs out as rows (label beside value) on request', () => {
    const { container } = renderWithTheme(
      <DescriptionList layout="rows" items={[{ label: 'الوقت', value: 'الآن' }]} />,
    );
    expect(container.querySelector('dl dt + dd')).toHaveTextContent('الآن');
  });
});

describe('LtrText', () => {
  it('isolates left-to-right text and shows — for nothing', () => {
    const { container, rerender } = renderWithTheme(<LtrText>+966501234567</LtrText>);
    const bdi = container.querySelector('bdi');
    expect(bdi).toHaveAttribute('dir', 'ltr');
    expect(bdi).toHaveTextContent('+966501234567');
    rerender(<LtrText>{null}</LtrText>);
    expect(container.querySelector('bdi')).toBeNull();
    expect(container).toHaveTextContent(EMPTY_VALUE);
  });
});

describe('Timeline', () => {
  it('is a named ordered list; each event says what, who (or the system) and when', () => {
    renderWithTheme(
      <Timeline
        label="سجل النشاط"
        entries={[
          {
            key: 2,
            title: 'تعديل',
            actor: 'نورة',
            at: '2025-03-01T10:00:00.000Z',
            children: <p>الجوال</p>,
          },
          { key: 1, title: 'إنشاء', actor: null, at: '2025-02-01T08:00:00.000Z' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'سجل النشاط' });
    const [latest, first] = within(list).getAllByRole('listitem');
    expect(latest).toHaveTextContent('تعديل');
    expect(latest).toHaveTextContent('نورة');
    expect(latest).toHaveTextContent('الجوال');
    expect(latest?.querySelector('time')).toHaveAttribute('datetime', '2025-03-01T10:00:00.000Z');
    expect(latest?.querySelector('time')).toHaveTextContent(
      formatDateTime('2025-03-01T10:00:00.000Z'),
    );
    expect(first).toHaveTextContent('النظام');
  });
});

const familySchema = z.object({ id: z.number(), name: z.string() });
type Family = z.infer<typeof familySchema>;

/** A search endpoint of the picker's own: its call and cache key come from this declaration. */
const pickerEndpoints = defineEndpoints('picker-families', {
  search: {
    method: 'GET',
    path: '/families',
    query: z.object({ search: z.string() }),
    response: z.object({ data: z.array(familySchema) }),
    access: access.authenticated,
    summary: 'البحث عن الأسر',
  },
});

const COLUMNS: DataTableColumn<Family>[] = [
  { id: 'name', header: 'الاسم', cell: (row) => row.name },
];

function FamilyPickerHarness({ excludeId }: { excludeId?: number }) {
  const [picked, setPicked] = useState<Family | null>(null);
  return (
    <>
      <SearchPicker
        label="ابحث عن الأسرة"
        endpoint={pickerEndpoints.search}
        query={(term) => ({ search: term })}
        rows={(answer) => answer.data}
        hide={(family) => family.id === excludeId}
        caption="نتائج البحث"
        columns={COLUMNS}
        rowKey="id"
        isSelected={(family) => family.id === picked?.id}
        onSelect={setPicked}
        pickLabel={(family) => `اختيار أسرة ${family.name}`}
        prompt="اكتب للبحث"
        emptyTitle="لا توجد أسر مطابقة"
      />
      <output data-testid="picked">{picked?.name ?? ''}</output>
    </>
  );
}

describe('SearchPicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches after a pause once two characters are typed, and picks a row by keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const api = createFakeApi();
    api.on(pickerEndpoints.search, (call) => ({
      status: 200,
      data: {
        data: [
          { id: 1, name: `أسرة ${String(call.params.search)}` },
          { id: 2, name: 'أسرة أخرى' },
        ],
      },
    }));
    renderInApp(<FamilyPickerHarness excludeId={2} />, { api });
    expect(screen.getByText('اكتب للبحث')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'ابحث عن الأسرة' }), 'ش');
    act(() => jest.advanceTimersByTime(300));
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByRole('searchbox'), '١');
    act(() => jest.advanceTimersByTime(300));
    const table = await screen.findByRole('table', { name: 'نتائج البحث' });
    expect(await within(table).findByText('أسرة ش1')).toBeInTheDocument();
    // The record being moved itself is never offered.
    expect(within(table).queryByText('أسرة أخرى')).toBeNull();

    within(table).getByRole('button', { name: 'اختيار أسرة أسرة ش1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('picked')).toHaveTextContent('أسرة ش1');
    const picked = within(table).getByRole('button', { name: 'تم الاختيار' });
    expect(picked).toHaveAttribute('aria-pressed', 'true');
    expect(picked).toBeDisabled();
  });

  it('says when the search failed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderInApp(<FamilyPickerHarness />);
    await user.type(screen.getByRole('searchbox'), 'نورة');
    act(() => jest.advanceTimersByTime(300));
    expect(await screen.findByText(PICKER_SEARCH_FAILED)).toBeInTheDocument();
  });
});
