import { useState } from 'react';
import { countOf } from 'shared-contracts';
import { familyImportListQuery, type FamilyImport } from 'shared-contracts/beneficiaries';
import {
  Button,
  Identifier,
  ListPage,
  PageLink,
  formatDateTime,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { isWorking, useImportList } from '../api/family-import-api';
import { ImportStatusBadge } from '../components/import-status-badge';
import { ImportProgress } from '../components/import-progress';
import { TemplateButton } from '../components/template-button';
import { UploadDialog } from '../components/upload-dialog';

const COLUMNS: readonly DataTableColumn<FamilyImport>[] = [
  {
    id: 'file_name',
    header: 'الملف',
    card: 'title',
    truncate: '16rem',
    text: (row) => row.file_name,
    cell: (row) => (
      <PageLink pageId="families.import.show" params={{ id: row.id }}>
        <Identifier value={row.file_name} />
      </PageLink>
    ),
  },
  {
    id: 'status',
    header: 'الحالة',
    card: true,
    cell: (row) => <ImportStatusBadge status={row.status} />,
  },
  {
    id: 'progress',
    header: 'التقدم',
    priority: 2,
    // A failed import's reason as plain text: one alert per row would interrupt a screen reader.
    cell: (row) =>
      isWorking(row.status) ? (
        <ImportProgress item={row} />
      ) : row.status === 'failed' ? (
        row.error
      ) : (
        ''
      ),
  },
  {
    id: 'total_rows',
    header: 'الصفوف',
    card: true,
    cell: (row) => countOf(row.total_rows, 'row'),
  },
  {
    id: 'created',
    header: 'الأسر المنشأة',
    priority: 2,
    cell: (row) => countOf(row.counts.created, 'family'),
  },
  { id: 'created_by', header: 'رفعه', priority: 3, cell: (row) => row.created_by?.name ?? '' },
  {
    id: 'created_at',
    header: 'تاريخ الرفع',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDateTime(row.created_at),
  },
];

const SORTABLE = ['created_at'] as const;

/**
 * /families/import: the imports with their state (polled while a job works on one, so an import
 * left mid-way is followed from here) and a new upload.
 */
export default function FamilyImportListPage() {
  const list = useListUrlState(familyImportListQuery);
  const query = useImportList(list.params);
  const [uploading, setUploading] = useState(false);

  const uploadButton = (
    <Button icon="plus" onClick={() => setUploading(true)}>
      استيراد ملف
    </Button>
  );

  return (
    <ListPage<FamilyImport, (typeof SORTABLE)[number]>
      {...pageHeader('families.import')}
      actions={
        <>
          {uploadButton}
          <TemplateButton />
        </>
      }
      list={list}
      sortable={SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل عمليات الاستيراد..."
      empty={{
        title: 'لا توجد عمليات استيراد بعد',
        description: 'نزّل نموذج الاستيراد واملأه بالأسر ثم ارفعه.',
        action: uploadButton,
      }}
      caption="عمليات الاستيراد"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد عمليات استيراد"
    >
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
    </ListPage>
  );
}
