import { useState } from 'react';
import { countOf } from 'shared-contracts';
import { FAMILY_STATUSES } from 'shared-contracts/beneficiaries';
import {
  RETENTION_STATUSES,
  dueFamilyListQuery,
  type DueFamily,
} from 'shared-contracts/resources/privacy-contracts';
import {
  Button,
  FileNumber,
  FilterSelects,
  ListFilterBar,
  ListPage,
  PageLink,
  formatDate,
  formatDateTime,
  listFilterParams,
  useListUrlState,
  useTableSelection,
  type DataTableColumn,
} from 'shared-ui';
import { FamilyStatusBadge } from '../../../lib/components/family-status-badge';
import { useDueFamilies, useRetention } from '../api/privacy-api';
import { useAnonymiseBulkAction } from '../components/anonymise-bulk-action';
import { RetentionDialog } from '../components/retention-dialog';

const SORTABLE = dueFamilyListQuery.sortable;

const STATUS_ITEMS = FAMILY_STATUSES.filter((status) =>
  RETENTION_STATUSES.some((code) => code === status.code),
);

const COLUMNS: readonly DataTableColumn<DueFamily>[] = [
  {
    id: 'file_number',
    header: 'رقم الملف',
    sortable: true,
    card: 'title',
    text: (row) => row.file_number,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.id }}>
        <FileNumber value={row.file_number} />
      </PageLink>
    ),
  },
  {
    id: 'head_name',
    header: 'رب الأسرة',
    card: 'title',
    truncate: '12rem',
    cell: (row) => row.head_name,
  },
  {
    id: 'status',
    header: 'الحالة',
    card: true,
    cell: (row) => <FamilyStatusBadge status={row.status} />,
  },
  {
    id: 'last_activity_at',
    header: 'آخر نشاط',
    sortable: true,
    card: true,
    cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.last_activity_at)}</span>,
  },
];

/** What the setting says, and who changed it last. */
function RetentionSummary({
  years,
  by,
  at,
}: {
  years: number;
  by: string | null;
  at: string | null;
}) {
  return (
    <>
      تُدرج هنا الأسر المؤرشفة أو المرفوضة التي مضى على آخر نشاط في ملفها {countOf(years, 'year')} أو
      أكثر، ولم تُجهَّل بياناتها بعد.
      {by && at ? ` آخر تعديل للمدة: ${by}، ${formatDateTime(at)}.` : null}
    </>
  );
}

/**
 * /privacy «حماية البيانات» (docs/personal-data.md#the-privacy-page): the retention setting with
 * its edit dialog, and the families due for anonymisation under it, paged and sorted on the
 * server with their state in the URL, erased in bulk by holders of `anonymise_families`.
 */
export default function PrivacyPage() {
  const retention = useRetention();
  const [editing, setEditing] = useState(false);
  const list = useListUrlState(dueFamilyListQuery);
  const query = useDueFamilies(list.params);
  const selection = useTableSelection({
    total: query.data?.meta.total ?? 0,
    resetKey: JSON.stringify(listFilterParams(list.params)),
  });
  const bulk = useAnonymiseBulkAction(selection, list.params);
  const setting = retention.data;

  return (
    <ListPage<DueFamily, (typeof SORTABLE)[number]>
      title="حماية البيانات"
      description={
        setting ? (
          <RetentionSummary
            years={setting.inactive_years}
            by={setting.updated_by?.name ?? null}
            at={setting.updated_at}
          />
        ) : (
          'الأسر المستحقة لتجهيل بياناتها بحسب مدة الاحتفاظ.'
        )
      }
      actions={
        <Button
          variant="secondary"
          icon="edit"
          disabled={!setting}
          onClick={() => setEditing(true)}
        >
          تعديل مدة الاحتفاظ
        </Button>
      }
      filters={
        <ListFilterBar
          list={list}
          label="تصفية الأسر المستحقة للتجهيل"
          searchPlaceholder="الاسم أو رقم الملف"
        >
          <FilterSelects
            list={list}
            selects={[{ name: 'status', label: 'الحالة', all: 'كل الحالات', items: STATUS_ITEMS }]}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الأسر المستحقة للتجهيل..."
      empty={{
        title: 'لا توجد أسر مستحقة للتجهيل',
        description: 'لم تمض مدة الاحتفاظ على أي أسرة مؤرشفة أو مرفوضة دون نشاط.',
      }}
      caption="الأسر المستحقة للتجهيل"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد أسر مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
      {...(bulk.enabled ? { selection, selectionBar: bulk.bar } : {})}
    >
      {bulk.dialog}
      {setting ? (
        <RetentionDialog
          open={editing}
          years={setting.inactive_years}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </ListPage>
  );
}
