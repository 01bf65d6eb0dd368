import { useState } from 'react';
import styled from 'styled-components';
import { type SlotProps } from 'shared-contracts';
import {
  CONSENT_PURPOSE_CODES,
  consentEndpoints,
  consentMethodLabel,
  consentPurposeLabel,
  type Consent,
} from 'shared-contracts/resources/consents-contracts';
import {
  FAMILY_DATA_EXPORT_LABEL,
  personalDataEndpoints,
} from 'shared-contracts/resources/personal-data-contracts';
import {
  Badge,
  Button,
  DataTable,
  ExportButton,
  FileName,
  Notice,
  QueryErrorState,
  formatDate,
  useCanCall,
  type DataTableColumn,
} from 'shared-ui';
import { useFamilyConsents } from '../api/consents-api';
import {
  RecordConsentDialog,
  WithdrawConsentDialog,
  type RecordConsentTarget,
} from '../components/consent-dialogs';

export const FAMILY_CONSENTS_EMPTY = 'لا توجد موافقات سارية مسجّلة لهذه الأسرة';
export const FAMILY_WITHDRAWN_EMPTY = 'لم تُسحب أي موافقة';
/** The data export takes no filters: it is the whole file. */
const EXPORT_PARAMS: Record<string, string> = {};

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
  margin-block: ${({ theme }) => theme.space.md};
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.md};
  margin-block: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.sm};
`;

/** How it was given, with the witness or the signed form when there is one. */
function How({ consent }: { consent: Consent }) {
  return (
    <span>
      {consentMethodLabel(consent.method)}
      {consent.witness_name ? ` (الشاهد: ${consent.witness_name})` : null}
      {consent.document ? (
        <>
          {' — '}
          <FileName value={consent.document.file_name} />
        </>
      ) : null}
    </span>
  );
}

/**
 * The family page's consents (slot `families.show`, for `show_families`): the current consents
 * with the day, how and who recorded them, then the withdrawn ones with the day, who and why.
 * «تسجيل موافقة» for whoever may record (`manage_personal_data` or `edit_families`), «سحب» on a
 * current consent for whoever may withdraw (`manage_personal_data`), in shared-ui dialogs.
 * «تصدير بيانات الأسرة» (`manage_personal_data`) downloads everything kept about the family as
 * one ZIP, the answer to a subject-access request (docs/personal-data.md#the-data-export).
 */
export default function FamilyConsentsPanel({ familyId }: SlotProps<'families.show'>) {
  const query = useFamilyConsents(familyId);
  const canRecord = useCanCall(consentEndpoints.record);
  const canWithdraw = useCanCall(consentEndpoints.withdraw);
  const canExport = useCanCall(personalDataEndpoints.familyExport);
  const [recording, setRecording] = useState<RecordConsentTarget | null>(null);
  const [withdrawing, setWithdrawing] = useState<Consent | null>(null);

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const consents = query.data?.consents ?? [];
  const current = consents.filter((consent) => consent.withdrawal === null);
  const withdrawn = consents.filter((consent) => consent.withdrawal !== null);
  const missing = CONSENT_PURPOSE_CODES.filter(
    (purpose) => !current.some((consent) => consent.purpose === purpose),
  );

  const currentColumns: DataTableColumn<Consent>[] = [
    {
      id: 'purpose',
      header: 'الغرض',
      card: 'title',
      cell: (row) => consentPurposeLabel(row.purpose),
    },
    {
      id: 'given_on',
      header: 'تاريخ الموافقة',
      card: true,
      cell: (row) => formatDate(row.given_on),
    },
    { id: 'method', header: 'الطريقة', priority: 2, cell: (row) => <How consent={row} /> },
    {
      id: 'recorded_by',
      header: 'سجّلها',
      priority: 2,
      cell: (row) => row.recorded_by?.name ?? '',
    },
  ];
  if (canWithdraw)
    currentColumns.push({
      id: 'actions',
      header: 'إجراءات',
      card: true,
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          icon="close"
          onClick={() => setWithdrawing(row)}
          aria-label={`سحب الموافقة على ${consentPurposeLabel(row.purpose)}`}
        >
          سحب
        </Button>
      ),
    });

  const withdrawnColumns: DataTableColumn<Consent>[] = [
    {
      id: 'purpose',
      header: 'الغرض',
      card: 'title',
      cell: (row) => (
        <>
          {consentPurposeLabel(row.purpose)} <Badge tone="neutral">مسحوبة</Badge>
        </>
      ),
    },
    {
      id: 'given_on',
      header: 'تاريخ الموافقة',
      priority: 2,
      cell: (row) => formatDate(row.given_on),
    },
    {
      id: 'withdrawn_on',
      header: 'تاريخ السحب',
      card: true,
      cell: (row) => (row.withdrawal ? formatDate(row.withdrawal.withdrawn_on) : ''),
    },
    { id: 'reason', header: 'السبب', card: true, cell: (row) => row.withdrawal?.reason ?? '' },
    {
      id: 'withdrawn_by',
      header: 'سجّل السحب',
      priority: 2,
      cell: (row) => row.withdrawal?.withdrawn_by?.name ?? '',
    },
  ];

  return (
    <>
      {query.isSuccess && !query.data.shares_with_partners ? (
        <Notice tone="info">
          لا تُشارَك بيانات هذه الأسرة الشخصية مع الجهات الشريكة: لا توجد موافقة سارية على ذلك.
        </Notice>
      ) : null}
      <DataTable
        caption="موافقات الأسرة السارية"
        columns={currentColumns}
        rows={current}
        rowKey="id"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل موافقات الأسرة..."
        emptyTitle={FAMILY_CONSENTS_EMPTY}
      />
      {(canRecord && missing.length > 0) || canExport ? (
        <Footer>
          {canRecord && missing.length > 0 ? (
            <Button
              size="sm"
              icon="plus"
              onClick={() => setRecording({ familyId, purposes: missing })}
            >
              تسجيل موافقة
            </Button>
          ) : null}
          <ExportButton
            endpoint={personalDataEndpoints.familyExport}
            pathParams={{ id: familyId }}
            filePrefix="بيانات-الأسرة"
            extension="zip"
            params={EXPORT_PARAMS}
            label={FAMILY_DATA_EXPORT_LABEL}
          />
        </Footer>
      ) : null}
      {withdrawn.length > 0 ? (
        <>
          <Heading>الموافقات المسحوبة</Heading>
          <DataTable
            caption="موافقات الأسرة المسحوبة"
            columns={withdrawnColumns}
            rows={withdrawn}
            rowKey="id"
            emptyTitle={FAMILY_WITHDRAWN_EMPTY}
          />
        </>
      ) : null}
      <RecordConsentDialog target={recording} onClose={() => setRecording(null)} />
      <WithdrawConsentDialog consent={withdrawing} onClose={() => setWithdrawing(null)} />
    </>
  );
}
