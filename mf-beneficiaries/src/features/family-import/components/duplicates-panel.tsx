import { useState } from 'react';
import { countOf, readApiError } from 'shared-contracts';
import type { FamilyImport } from 'shared-contracts/beneficiaries';
import { Button, ConfirmDialog, Notice, Row, Stack, formatNumber } from 'shared-ui';
import { useSkipCertainDuplicates } from '../api/family-import-api';
import { DuplicateCard } from './duplicate-card';
import { ImportRowsPanel } from './import-rows-panel';

export interface DuplicatesPanelProps {
  item: FamilyImport;
  page: number;
  onPageChange: (page: number) => void;
}

/** The duplicates tab: each row beside its match, and the bulk skip of the certain ones. */
export function DuplicatesPanel({ item, page, onPageChange }: DuplicatesPanelProps) {
  const editable = item.status === 'ready';
  const bulk = useSkipCertainDuplicates(item.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack>
      {editable && item.counts.duplicate > 0 ? (
        <Row>
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            loading={bulk.isPending}
            loadingLabel="جارٍ تخطي التكرارات المؤكدة..."
          >
            تخطي كل التكرارات المؤكدة
          </Button>
        </Row>
      ) : null}
      {bulk.done && bulk.isPending ? (
        <p role="status">
          تُخطي {countOf(bulk.done.skipped, 'row', { zero: 'لم يُتخطَّ أي صف بعد' })} من أصل{' '}
          {formatNumber(bulk.done.total)}
        </p>
      ) : null}
      {bulk.isSuccess ? (
        <Notice tone="success">
          {bulk.data === 0 ? 'لا توجد تكرارات مؤكدة بلا قرار' : `تُخطي ${countOf(bulk.data, 'row')}`}
        </Notice>
      ) : null}
      {bulk.isError ? (
        <Notice tone="danger" role="alert">
          {readApiError(bulk.error).message}
        </Notice>
      ) : null}
      <ImportRowsPanel
        importId={item.id}
        state="duplicate"
        page={page}
        onPageChange={onPageChange}
        caption="الصفوف المكررة"
        emptyTitle="لا توجد صفوف مكررة"
        renderRows={(rows) =>
          rows.map((row) => (
            <DuplicateCard key={row.row_number} importId={item.id} row={row} editable={editable} />
          ))
        }
      />
      <ConfirmDialog
        open={confirming}
        title="تخطي كل التكرارات المؤكدة"
        message="ستُتخطى كل الصفوف التي يطابق فيها رقم هوية أسرة مسجلة ولم يُتخذ فيها قرار، فلا يُنشأ منها شيء."
        confirmLabel="تخطي التكرارات المؤكدة"
        onConfirm={() => {
          setConfirming(false);
          bulk.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
