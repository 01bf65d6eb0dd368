import type { ReactNode } from 'react';
import { PageSizeField } from '../data/page-size-field';
import { SearchField } from '../forms/search-field';
import { SelectField } from '../forms/select-field';
import { FilterBar } from '../layout/filter-bar';
import type { ListFilterShape, ListFilterValues, ListUrlState } from './use-list-url-state';

/** The part of `useListUrlState` the filter controls drive (any sort type). */
type FilterControls<F extends ListFilterShape> = Pick<
  ListUrlState<F, string>,
  'state' | 'setFilter' | 'setSearch' | 'setPerPage' | 'hasFilters' | 'clearFilters'
>;

/** The names of a list's filters that hold codes (`codesFilter` in the contracts). */
export type CodesFilterName<F extends ListFilterShape> = {
  [K in keyof F & string]-?: NonNullable<ListFilterValues<F>[K]> extends readonly string[]
    ? K
    : never;
}[keyof F & string];

/** One single-choice select over a codes filter. */
export interface FilterSelectSpec<F extends ListFilterShape> {
  name: CodesFilterName<F>;
  label: string;
  /** The "no filter" choice ('كل الحالات'). */
  all: string;
  /** The codes offered (a lookup list: `{ code, label }`). */
  items: readonly { code: string; label: string }[];
}

function FilterSelect<F extends ListFilterShape>({
  list,
  spec,
}: {
  list: Pick<FilterControls<F>, 'state' | 'setFilter'>;
  spec: FilterSelectSpec<F>;
}) {
  const current: unknown = list.state.filter[spec.name];
  const value = Array.isArray(current) && typeof current[0] === 'string' ? current[0] : '';
  return (
    <SelectField
      label={spec.label}
      placeholder={spec.all}
      options={spec.items.map((item) => ({ value: item.code, label: item.label }))}
      value={value}
      onChange={(event) => {
        const code = event.target.value;
        // `name` is a codes filter (CodesFilterName) and the options are its codes, so a chosen
        // option is a valid value; TypeScript cannot resolve the filter's type through the name.
        const codes = (code === '' ? undefined : [code]) as ListFilterValues<F>[typeof spec.name];
        list.setFilter(spec.name, codes);
      }}
    />
  );
}

export interface FilterSelectsProps<F extends ListFilterShape> {
  list: Pick<FilterControls<F>, 'state' | 'setFilter'>;
  selects: readonly FilterSelectSpec<F>[];
}

/**
 * Single-choice selects over a list's codes filters: each shows the URL's first code and sets
 * its filter to the chosen one (the "all" choice clears it).
 */
export function FilterSelects<F extends ListFilterShape>({ list, selects }: FilterSelectsProps<F>) {
  return (
    <>
      {selects.map((spec) => (
        <FilterSelect key={spec.name} list={list} spec={spec} />
      ))}
    </>
  );
}

export interface ListFilterBarProps<F extends ListFilterShape> {
  list: FilterControls<F>;
  /** The search landmark's name ('تصفية الأسر'). */
  label: string;
  searchPlaceholder: string;
  /** The list's own filters (FilterSelects…), between the search box and the page size. */
  children?: ReactNode;
  /**
   * The secondary filters, behind «المزيد من عوامل التصفية» with the page size (FilterBar's
   * `more`), so the bar keeps to one row.
   */
  more?: ReactNode;
  /** One of `more` is set (the disclosure says so and opens at first). */
  moreActive?: boolean;
}

/**
 * A list page's filter bar: the search box, the list's filters, the page size, and "clear" while
 * a search or filter is set — all in the URL through `useListUrlState`. On a phone the search box
 * stays in view and the rest folds into one "تصفية" button.
 */
export function ListFilterBar<F extends ListFilterShape>({
  list,
  label,
  searchPlaceholder,
  children,
  more,
  moreActive,
}: ListFilterBarProps<F>) {
  const pageSize = <PageSizeField value={list.state.per_page} onChange={list.setPerPage} />;
  return (
    <FilterBar
      label={label}
      active={list.hasFilters}
      more={
        more ? (
          <>
            {more}
            {pageSize}
          </>
        ) : undefined
      }
      moreActive={moreActive}
      onClear={list.hasFilters ? list.clearFilters : undefined}
      primary={
        <SearchField
          placeholder={searchPlaceholder}
          value={list.state.search ?? ''}
          onSearch={list.setSearch}
        />
      }
    >
      {children}
      {more ? null : pageSize}
    </FilterBar>
  );
}
