import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codesFilter, defineListQuery } from 'shared-contracts';
import {
  DATE_PLACEHOLDERS,
  DateField,
  FilterSelects,
  ListFilterBar,
  MORE_FILTERS_LABEL,
  useListUrlState,
} from '../src';
import { setViewportWidth } from '../testing';
import { renderInApp } from './render';

const peopleQuery = defineListQuery({
  sortable: ['name'],
  filters: { status: codesFilter(['active', 'archived']), city: codesFilter() },
});

const STATUSES = [
  { code: 'active', label: 'نشط' },
  { code: 'archived', label: 'مؤرشف' },
];

function PeopleFilters() {
  const list = useListUrlState(peopleQuery);
  return (
    <ListFilterBar list={list} label="تصفية الأشخاص" searchPlaceholder="الاسم">
      <FilterSelects
        list={list}
        selects={[
          { name: 'status', label: 'الحالة', all: 'كل الحالات', items: STATUSES },
          {
            name: 'city',
            label: 'المدينة',
            all: 'كل المدن',
            items: [{ code: 'riyadh', label: 'الرياض' }],
          },
        ]}
      />
    </ListFilterBar>
  );
}

describe('ListFilterBar and FilterSelects', () => {
  it('shows the URL filter, sets one code, clears it with the "all" choice and the clear button', async () => {
    const user = userEvent.setup();
    const view = renderInApp(<PeopleFilters />, { path: '/?filter%5Bstatus%5D=archived&page=3' });
    const status = screen.getByLabelText('الحالة');
    expect(status).toHaveValue('archived');
    expect(screen.getByRole('search', { name: 'تصفية الأشخاص' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('المدينة'), 'riyadh');
    // A changed filter goes back to page 1 and keeps the others.
    expect(decodeURIComponent(view.location())).toBe(
      '/?filter[status]=archived&filter[city]=riyadh',
    );

    await user.selectOptions(status, '');
    expect(decodeURIComponent(view.location())).toBe('/?filter[city]=riyadh');

    await user.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    expect(view.location()).toBe('/');
    expect(screen.queryByRole('button', { name: 'مسح التصفية' })).not.toBeInTheDocument();
  });
});

function CompactPeopleFilters() {
  const list = useListUrlState(peopleQuery);
  return (
    <ListFilterBar
      list={list}
      label="تصفية الأشخاص"
      searchPlaceholder="الاسم"
      moreActive={list.state.filter.city !== undefined}
      more={
        <FilterSelects
          list={list}
          selects={[
            {
              name: 'city',
              label: 'المدينة',
              all: 'كل المدن',
              items: [{ code: 'riyadh', label: 'الرياض' }],
            },
          ]}
        />
      }
    >
      <FilterSelects
        list={list}
        selects={[{ name: 'status', label: 'الحالة', all: 'كل الحالات', items: STATUSES }]}
      />
    </ListFilterBar>
  );
}

describe('FilterBar with secondary filters (one row at 1366×768)', () => {
  beforeEach(() => setViewportWidth(1366));

  it('keeps them behind «المزيد من عوامل التصفية», a disclosure reached and opened by keyboard', async () => {
    const user = userEvent.setup();
    renderInApp(<CompactPeopleFilters />, { path: '/' });
    const toggle = screen.getByRole('button', { name: MORE_FILTERS_LABEL });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'المدينة' })).not.toBeInTheDocument();
    // The page size moves behind the disclosure too.
    expect(screen.queryByRole('combobox', { name: 'عدد الصفوف' })).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('combobox', { name: 'المدينة' }),
    );
  });

  it('opens at first and says so while one of them is set', () => {
    renderInApp(<CompactPeopleFilters />, { path: '/?filter%5Bcity%5D=riyadh' });
    const toggle = screen.getByRole('button', { name: `${MORE_FILTERS_LABEL} (مفعّلة)` });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'المدينة' })).toHaveValue('riyadh');
  });
});

describe('DateField placeholder', () => {
  it('is short enough not to be cut in a filter (no example after the format)', () => {
    renderInApp(<DateField label="من تاريخ" />, { path: '/' });
    expect(screen.getByLabelText('من تاريخ')).toHaveAttribute('placeholder', 'يوم/شهر/سنة');
    expect(DATE_PLACEHOLDERS.hijri.length).toBeLessThanOrEqual(16);
  });
});
