import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { readApiError, type Endpoint } from 'shared-contracts';
import { useCanCall } from '../api/use-endpoint';
import { Button } from '../controls/button';
import { IconButton } from '../controls/icon-button';
import { Badge } from '../data/badge';
import type { DataTableColumn } from '../data/data-table';
import { SelectField } from '../forms/select-field';
import { ACTIVE_OPTIONS, booleanFromSelect, booleanValue } from '../forms/select-options';
import { ListPage, type ListPageControls, type ListPageQuery } from '../layout/list-page';
import { Row as ButtonRow } from '../layout/page-layout';
import { ConfirmDialog } from '../overlays/confirm-dialog';
import { useToast } from '../toast/toast-context';

/** What every lookup entry has (service departments and types, seminar and survey types, financial categories…). */
export interface LookupRow {
  id: number;
  name: string;
  active: boolean;
}

/** The two changes the list makes itself; the add / edit form is the feature's own dialog. */
export interface LookupActions<Row extends LookupRow> {
  /** Activates or deactivates the entry; resolves to the API's answer. */
  setActive: (row: Row, active: boolean) => Promise<{ message?: string | undefined }>;
  /** Deletes the entry; the API refuses (409, with an Arabic reason) one that is in use. */
  remove: (row: Row) => Promise<{ message: string }>;
}

export interface LookupListPageProps<Row extends LookupRow, S extends string> {
  title: string;
  description: string;
  /** The entry's name in messages, with its article ('القطاع'). */
  noun: string;
  /** The add button ('إضافة قطاع'). */
  addLabel: string;
  /** The ListFilterBar (search, ActiveFilter, the lookup's own filters). */
  filters: ReactNode;
  list: ListPageControls<S>;
  sortable: readonly S[];
  query: ListPageQuery<Row>;
  loadingLabel: string;
  caption: string;
  /** "Nothing yet" (no entry at all). */
  empty: { title: string; description: string };
  /** A search or filter that matches nothing. */
  emptyTitle: string;
  /** The lookup's own columns; the active badge and the row actions are added after them. */
  columns: readonly DataTableColumn<Row>[];
  /** The lookup's create and update endpoints: what the employee may do follows their access. */
  endpoints: { create: Pick<Endpoint, 'access'>; update: Pick<Endpoint, 'access'> };
  actions: LookupActions<Row>;
  /** The add (`row` null) or edit dialog, mounted while open. */
  renderForm: (row: Row | null, onClose: () => void) => ReactNode;
}

/** The entry's state: active entries can be chosen for new records, inactive ones cannot. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="success">مفعّل</Badge> : <Badge tone="neutral">موقوف</Badge>;
}

/** The list's active / inactive filter (a select: all, active, inactive). */
export function ActiveFilter({
  value,
  onChange,
}: {
  value: boolean | undefined;
  onChange: (active: boolean | undefined) => void;
}) {
  return (
    <SelectField
      label="الحالة"
      placeholder="الكل"
      options={ACTIVE_OPTIONS}
      value={booleanValue(value)}
      onChange={(event) => onChange(booleanFromSelect(event.target.value))}
    />
  );
}

/**
 * A lookup page (/services/service-departments, /seminar/types, /financial/categories…): an editable table
 * with server-side search, filters, sorting and paging; add and edit in a dialog; deactivate and
 * reactivate in one click; delete after a confirmation. An entry in use cannot be deleted: the
 * API's Arabic reason replaces the question, and the dialog offers to deactivate it instead.
 */
export function LookupListPage<Row extends LookupRow, S extends string>({
  title,
  description,
  noun,
  addLabel,
  filters,
  list,
  sortable,
  query,
  loadingLabel,
  caption,
  empty,
  emptyTitle,
  columns,
  endpoints,
  actions,
  renderForm,
}: LookupListPageProps<Row, S>) {
  const { toast } = useToast();
  const can = { create: useCanCall(endpoints.create), edit: useCanCall(endpoints.update) };
  const [formTarget, setFormTarget] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<{ row: Row; refusal: string | null } | null>(null);

  const failed = (heading: string) => (error: unknown) =>
    toast({ variant: 'destructive', title: heading, description: readApiError(error).message });

  const activation = useMutation({
    mutationFn: ({ row, active }: { row: Row; active: boolean }) => actions.setActive(row, active),
    onSuccess: (_answer, { row, active }) => {
      toast({ title: active ? `تم تفعيل ${noun}` : `تم إيقاف ${noun}`, description: row.name });
      setDeleting(null);
    },
    onError: failed('تعذر تغيير الحالة'),
  });

  const removal = useMutation({
    mutationFn: actions.remove,
    onSuccess: (answer, row) => {
      toast({ title: answer.message, description: row.name });
      setDeleting(null);
    },
    onError: (error, row) => {
      const { status, message } = readApiError(error);
      // In use: say why in the dialog itself, where deactivating is offered instead.
      if (status === 409) setDeleting({ row, refusal: message });
      else {
        failed('تعذر الحذف')(error);
        setDeleting(null);
      }
    },
  });

  const addButton = can.create ? (
    <Button icon="plus" onClick={() => setFormTarget({ row: null })}>
      {addLabel}
    </Button>
  ) : null;

  const allColumns: DataTableColumn<Row>[] = [
    ...columns,
    {
      id: 'active',
      header: 'الحالة',
      sortable: true,
      cell: (row) => <ActiveBadge active={row.active} />,
    },
  ];
  if (can.edit) {
    allColumns.push({
      id: 'actions',
      header: 'الإجراءات',
      cell: (row) => (
        <ButtonRow>
          <IconButton
            icon="edit"
            size="sm"
            label={`تعديل ${row.name}`}
            onClick={() => setFormTarget({ row })}
          />
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${row.active ? 'إيقاف' : 'تفعيل'} ${row.name}`}
            loading={activation.isPending && activation.variables?.row.id === row.id}
            onClick={() => activation.mutate({ row, active: !row.active })}
          >
            {row.active ? 'إيقاف' : 'تفعيل'}
          </Button>
          <IconButton
            icon="trash"
            size="sm"
            label={`حذف ${row.name}`}
            onClick={() => setDeleting({ row, refusal: null })}
          />
        </ButtonRow>
      ),
    });
  }

  const refusal = deleting?.refusal ?? null;
  const offerDeactivate = refusal !== null && deleting?.row.active === true;

  return (
    <ListPage<Row, S>
      title={title}
      description={description}
      actions={addButton}
      filters={filters}
      list={list}
      sortable={sortable}
      query={query}
      loadingLabel={loadingLabel}
      empty={{ ...empty, action: addButton }}
      caption={caption}
      rowKey="id"
      columns={allColumns}
      emptyTitle={emptyTitle}
    >
      {formTarget ? renderForm(formTarget.row, () => setFormTarget(null)) : null}
      {deleting ? (
        <ConfirmDialog
          open
          title={`حذف ${noun} «${deleting.row.name}»`}
          message={
            refusal === null ? (
              `سيُحذف ${noun} نهائياً. هل تريد المتابعة؟`
            ) : (
              // The dialog's message is a paragraph: the refusal is phrasing content within it.
              <span role="alert">{refusal}</span>
            )
          }
          confirmLabel={refusal === null ? 'حذف' : offerDeactivate ? `إيقاف ${noun}` : 'حسناً'}
          cancelLabel={refusal === null ? undefined : 'إغلاق'}
          destructive={refusal === null}
          busy={removal.isPending || activation.isPending}
          onConfirm={() => {
            if (refusal === null) removal.mutate(deleting.row);
            else if (offerDeactivate) activation.mutate({ row: deleting.row, active: false });
            else setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </ListPage>
  );
}
