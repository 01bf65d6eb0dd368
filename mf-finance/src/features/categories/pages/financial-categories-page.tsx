import { useState } from 'react';
import {
  FINANCE_DIRECTIONS,
  financialCategoryEndpoints,
  type FinanceDirection,
  type FinancialCategory,
} from 'shared-contracts/finance';
import {
  Badge,
  Button,
  Card,
  DataTable,
  PageButtonLink,
  PageHeader,
  QueryErrorState,
  Row,
  SectionTitle,
  Stack,
  formatNumber,
  pageHeader,
  useCanCall,
  type DataTableColumn,
} from 'shared-ui';
import { useFinancialCategories } from '../../../lib/categories';
import { CategoryFormDialog } from '../components/category-form-dialog';

type Editing = { category: FinancialCategory | null; direction: FinanceDirection } | null;

/**
 * /financial/categories: the editable list of financial categories, income and expense apart.
 * A category is added or edited in a dialog; one in use keeps its direction and zakat flag (the
 * API says so) and is deactivated rather than removed.
 */
export default function FinancialCategoriesPage() {
  const categories = useFinancialCategories();
  const canCreate = useCanCall(financialCategoryEndpoints.create);
  const canEdit = useCanCall(financialCategoryEndpoints.update);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: DataTableColumn<FinancialCategory>[] = [
    {
      id: 'name',
      header: 'التصنيف',
      card: 'title',
      text: (row) => row.name,
      cell: (row) => (
        <>
          {row.name} {row.is_zakat ? <Badge tone="info">زكاة</Badge> : null}{' '}
          {row.active ? null : <Badge tone="neutral">موقوف</Badge>}
        </>
      ),
    },
    { id: 'description', header: 'الوصف', priority: 2, cell: (row) => row.description ?? '' },
    {
      id: 'records_count',
      header: 'القيود',
      align: 'end',
      cell: (row) => formatNumber(row.records_count),
    },
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: 'إجراءات',
            cell: (row: FinancialCategory) => (
              <Button
                size="sm"
                variant="secondary"
                icon="edit"
                aria-label={`تعديل التصنيف ${row.name}`}
                onClick={() => setEditing({ category: row, direction: row.direction })}
              >
                تعديل
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <PageHeader
        {...pageHeader('financial.categories')}
        actions={
          <PageButtonLink pageId="financial.list" icon="finance" variant="secondary">
            السجلات المالية
          </PageButtonLink>
        }
      />
      {categories.isError ? (
        <QueryErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        FINANCE_DIRECTIONS.map((direction) => {
          const headingId = `categories-${direction.code}`;
          const label = direction.code === 'income' ? 'تصنيفات الإيرادات' : 'تصنيفات المصروفات';
          return (
            <Card as="section" aria-labelledby={headingId} key={direction.code}>
              <Stack $gap="md">
                <Row>
                  <SectionTitle id={headingId}>{label}</SectionTitle>
                  {canCreate ? (
                    <Button
                      size="sm"
                      icon="plus"
                      onClick={() => setEditing({ category: null, direction: direction.code })}
                    >
                      {direction.code === 'income' ? 'إضافة تصنيف إيراد' : 'إضافة تصنيف مصروف'}
                    </Button>
                  ) : null}
                </Row>
                <DataTable
                  caption={label}
                  columns={columns}
                  rows={(categories.data ?? []).filter((row) => row.direction === direction.code)}
                  rowKey="id"
                  loading={categories.isPending}
                  loadingLabel="جارٍ تحميل التصنيفات..."
                  emptyTitle="لا توجد تصنيفات بعد"
                />
              </Stack>
            </Card>
          );
        })
      )}
      {editing ? (
        <CategoryFormDialog
          key={editing.category?.id ?? `new-${editing.direction}`}
          category={editing.category}
          direction={editing.direction}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
