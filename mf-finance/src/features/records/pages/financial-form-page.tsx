import { useParams, useSearchParams } from 'react-router-dom';
import { financialRecordActions, financialRecordEditError } from 'shared-contracts/finance';
import { Notice, PageButtonLink, PageHeader, RecordFromRoute, Stack } from 'shared-ui';
import { FINANCIAL_RECORD } from '../api/records-api';
import { FinancialRecordForm } from '../components/record-form';
import type { RecordPreset } from '../components/record-form-values';

/** A positive record id from the address, or undefined. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function presetFrom(params: URLSearchParams): RecordPreset {
  const direction = params.get('direction');
  return {
    direction: direction === 'income' || direction === 'expense' ? direction : undefined,
    family_id: idParam(params.get('family_id')),
    organisation_id: idParam(params.get('organisation_id')),
    season_id: idParam(params.get('season_id')),
  };
}

/**
 * /financial/create and /financial/edit/:id: one page, told apart by the route's `:id`. A new
 * record may name its direction and link in the address (`?direction=expense&family_id=7`, from a
 * family's panel). Only a pending record is edited; any other shows why, with its page's link.
 */
export default function FinancialFormPage() {
  const [searchParams] = useSearchParams();
  if (useParams().id === undefined) {
    return (
      <>
        <PageHeader
          title="تسجيل قيد مالي"
          description="إيراد وارد أو مصروف منصرف، بمبلغه الدقيق."
        />
        <FinancialRecordForm record={null} preset={presetFrom(searchParams)} />
      </>
    );
  }
  return (
    <RecordFromRoute {...FINANCIAL_RECORD}>
      {(record) => {
        const refusal = financialRecordEditError(record);
        return (
          <>
            <PageHeader title={`تعديل القيد رقم ${record.id}`} />
            {refusal || !financialRecordActions(record).edit ? (
              <Stack $gap="md">
                <Notice tone="warning" role="alert">
                  {refusal}
                </Notice>
                <div>
                  <PageButtonLink
                    pageId="financial.show"
                    params={{ id: record.id }}
                    variant="secondary"
                  >
                    عرض القيد
                  </PageButtonLink>
                </div>
              </Stack>
            ) : (
              <FinancialRecordForm key={record.id} record={record} />
            )}
          </>
        );
      }}
    </RecordFromRoute>
  );
}
