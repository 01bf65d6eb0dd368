import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { codesFilter, defineListQuery } from 'shared-contracts';
import { FilterSelects, ListFilterBar, useListUrlState } from '../src';
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
