import { serviceAxisListQuery, type ServiceAxis } from 'shared-contracts/services';
import type { DataTableColumn } from 'shared-ui';
import { CatalogueActiveFilter, CatalogueListPage } from '../../../lib/components/catalogue-page';
import { typesCountColumn } from '../../../lib/components/types-count-column';
import { serviceAxesApi } from '../api/service-axes-api';
import { AXIS_NAMES, AxisFormDialog } from '../components/axis-form-dialog';

const COLUMNS: readonly DataTableColumn<ServiceAxis>[] = [
  { id: 'name', header: 'المحور', sortable: true, cell: (row) => row.name },
  { id: 'description', header: 'الوصف', cell: (row) => row.description ?? '' },
  typesCountColumn(),
];

/** /services/service-axises: the strategic pillars service types serve. */
export default function ServiceAxesPage() {
  return (
    <CatalogueListPage
      pageId="services.axes"
      names={AXIS_NAMES}
      description="المحاور الاستراتيجية للخدمات (التمكين، الإغاثة، الصحة، التعليم…)."
      searchPlaceholder="اسم المحور أو وصفه"
      emptyDescription="أضف المحاور ثم صنّف أنواع الخدمات تحتها."
      listQuery={serviceAxisListQuery}
      api={serviceAxesApi}
      columns={COLUMNS}
      filters={(list) => <CatalogueActiveFilter list={list} />}
      renderForm={(axis, onClose) => (
        <AxisFormDialog key={axis?.id ?? 'new'} axis={axis} onClose={onClose} />
      )}
    />
  );
}
