import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { PageId } from 'shared-contracts';
import {
  ActiveFilter,
  ListFilterBar,
  LookupFormDialog,
  LookupListPage,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
  type ListFilterShape,
  type ListPageQuery,
  type ListQueryDefinition,
  type ListUrlState,
  type LookupActions,
  type LookupFormDialogProps,
  type LookupListPageProps,
  type LookupRow,
} from 'shared-ui';

/*
 * The page and the add / edit dialog of a services catalogue (axes, departments, service types).
 * Their headings, labels and messages are phrased from the entry's names, so the three catalogues
 * say the same thing the same way; the verbs (أُضيف، حُفظت) agree with a masculine noun, which
 * محور, قطاع and نوع are.
 */

export interface CatalogueNames {
  /** One entry, with the article: 'المحور' (حذف المحور، أُضيف المحور). */
  definite: string;
  /** One entry, without it: 'محور' (إضافة محور). */
  indefinite: string;
  /** The entries, with the article: 'المحاور' (قائمة المحاور). */
  definitePlural: string;
  /** Entries, without it: 'محاور' (لا توجد محاور بعد). */
  indefinitePlural: string;
}

/** What the page uses of `defineCatalogueApi`. */
export interface CatalogueListApi<Row extends LookupRow> {
  endpoints: LookupListPageProps<Row, string>['endpoints'];
  useList: (query: Readonly<Record<string, string>>) => ListPageQuery<Row>;
  useActions: () => LookupActions<Row>;
}

export interface CatalogueListPageProps<
  Row extends LookupRow,
  F extends ListFilterShape,
  S extends string,
> {
  /** The page in the route table (its title). */
  pageId: PageId;
  names: CatalogueNames;
  description: string;
  searchPlaceholder: string;
  /** The "nothing yet" state's hint. */
  emptyDescription: string;
  /** The list's query in the contracts (URL state, sortable columns). */
  listQuery: ListQueryDefinition<F, S> & { sortable: readonly S[] };
  /** Module-level (`defineCatalogueApi`), so its hooks are the same on every render. */
  api: CatalogueListApi<Row>;
  columns: readonly DataTableColumn<Row>[];
  /** The filter bar's own controls, in their order (`CatalogueActiveFilter` among them). */
  filters: (list: ListUrlState<F, S>) => ReactNode;
  renderForm: LookupListPageProps<Row, S>['renderForm'];
}

/** A catalogue's lookup page: search, its filters, sorting and paging in the URL; add and edit in a dialog. */
export function CatalogueListPage<
  Row extends LookupRow,
  F extends ListFilterShape,
  S extends string,
>({
  pageId,
  names,
  description,
  searchPlaceholder,
  emptyDescription,
  listQuery,
  api,
  columns,
  filters,
  renderForm,
}: CatalogueListPageProps<Row, F, S>) {
  const list = useListUrlState(listQuery);
  const query = api.useList(list.params);
  const actions = api.useActions();

  return (
    <LookupListPage<Row, S>
      title={pageTitle(pageId)}
      description={description}
      noun={names.definite}
      addLabel={`إضافة ${names.indefinite}`}
      filters={
        <ListFilterBar
          list={list}
          label={`تصفية ${names.definitePlural}`}
          searchPlaceholder={searchPlaceholder}
        >
          {filters(list)}
        </ListFilterBar>
      }
      list={list}
      sortable={listQuery.sortable}
      query={query}
      loadingLabel={`جارٍ تحميل ${names.definitePlural}...`}
      caption={`قائمة ${names.definitePlural}`}
      empty={{ title: `لا توجد ${names.indefinitePlural} بعد`, description: emptyDescription }}
      emptyTitle={`لا توجد ${names.indefinitePlural} مطابقة`}
      columns={columns}
      endpoints={api.endpoints}
      actions={actions}
      renderForm={renderForm}
    />
  );
}

/** The active / inactive filter on a catalogue list's `active` filter. */
export function CatalogueActiveFilter({
  list,
}: {
  list: {
    state: { filter: { active?: boolean | undefined } };
    setFilter: (name: 'active', active: boolean | undefined) => void;
  };
}) {
  return (
    <ActiveFilter
      value={list.state.filter.active}
      onChange={(active) => list.setFilter('active', active)}
    />
  );
}

export type CatalogueFormDialogProps<TValues extends FieldValues, TSubmitted> = Omit<
  LookupFormDialogProps<TValues, TSubmitted>,
  'title' | 'submitLabel' | 'savedTitle' | 'errorTitle'
> & {
  names: CatalogueNames;
  /** The entry being edited; null to add one. */
  entry: { name: string } | null;
};

/** Adds or edits one catalogue entry in a dialog (`LookupFormDialog`), titled from its names. */
export function CatalogueFormDialog<TValues extends FieldValues, TSubmitted>({
  names,
  entry,
  ...dialog
}: CatalogueFormDialogProps<TValues, TSubmitted>) {
  return (
    <LookupFormDialog
      {...dialog}
      title={entry ? `تعديل ${names.definite}: ${entry.name}` : `إضافة ${names.indefinite}`}
      submitLabel={entry ? 'حفظ التعديلات' : `إضافة ${names.definite}`}
      savedTitle={entry ? `حُفظت تعديلات ${names.definite}` : `أُضيف ${names.definite}`}
      errorTitle={`تعذر حفظ ${names.definite}`}
    />
  );
}
