import { countOf } from 'shared-contracts';
import {
  IMPORT_ROW_STATE_LABELS,
  IMPORT_ROW_STATES,
  type FamilyImport,
} from 'shared-contracts/beneficiaries';
import { DescriptionList, Notice, formatNumber } from 'shared-ui';
import { ProgressMeter } from './progress-meter';

/**
 * Where an import's job is: the rows validated, or the families created, out of the whole; a
 * failed import's Arabic reason. Nothing for an import at rest (ready or done).
 */
export function ImportProgress({ item }: { item: FamilyImport }) {
  if (item.status === 'failed')
    return (
      <Notice tone="danger" role="alert">
        تعذرت معالجة الملف: {item.error ?? 'سبب غير معروف'}
      </Notice>
    );
  if (item.status === 'validating')
    return (
      <ProgressMeter
        label="التحقق من صفوف الملف"
        value={item.processed_rows}
        max={item.total_rows}
        detail={`تم التحقق من ${countOf(item.processed_rows, 'row', {
          case: 'oblique',
          zero: 'لم يُتحقق من أي صف بعد',
        })} من أصل ${formatNumber(item.total_rows)}`}
      />
    );
  // While committing, `processed_rows` counts the rows settled (created, updated, skipped, invalid).
  if (item.status === 'committing')
    return (
      <ProgressMeter
        label="إنشاء الأسر"
        value={item.processed_rows}
        max={item.total_rows}
        detail={`تمت معالجة ${countOf(item.processed_rows, 'row', {
          case: 'oblique',
          zero: 'لم يُعالَج أي صف بعد',
        })} من أصل ${formatNumber(item.total_rows)}`}
      />
    );
  return null;
}

/** The import's rows counted by state («سليم: 12 صفاً»). */
export function ImportCounts({ item }: { item: FamilyImport }) {
  return (
    <DescriptionList
      items={[
        { label: 'إجمالي الصفوف', value: countOf(item.total_rows, 'row') },
        ...IMPORT_ROW_STATES.filter((state) => item.counts[state] > 0).map((state) => ({
          label: IMPORT_ROW_STATE_LABELS[state],
          value: countOf(item.counts[state], 'row'),
        })),
      ]}
    />
  );
}
