import {
  FINANCIAL_RECORD_FIELD_LABELS as L,
  financeDirectionLabel,
  paymentMethodLabel,
  type FinancialRecord,
} from 'shared-contracts/finance';
import { familyStatusLabel } from 'shared-contracts/beneficiaries';
import {
  Card,
  DocumentsPanel,
  DescriptionList,
  FileNumber,
  LtrText,
  Money,
  Notice,
  PageHeader,
  PageLink,
  RecordFromRoute,
  SectionTitle,
  Stack,
  formatDateDual,
  formatDateTime,
} from 'shared-ui';
import { FINANCIAL_RECORD, useFinancialRecord } from '../api/records-api';
import { RecordActions } from '../components/record-actions';
import {
  DirectionBadge,
  RecordStatusBadge,
  ReversalBadge,
  ZakatBadge,
} from '../components/record-badges';
import { RecordNumber } from '../components/record-links';

/** /financial/show/:id: the record, its actions by status, and its reversal beside it. */
export default function FinancialShowPage() {
  return (
    <RecordFromRoute {...FINANCIAL_RECORD}>
      {(record) => <RecordDetails record={record} />}
    </RecordFromRoute>
  );
}

/**
 * The other half of a reversed pair, beside this one: the original a reversing entry reverses,
 * or the reversing entry of a refunded original — its number, date, amount and status.
 */
function ReversalPair({ record }: { record: FinancialRecord }) {
  const otherId = record.reverses_id ?? record.reversed_by_id;
  const other = useFinancialRecord(otherId);
  if (otherId === null) return null;
  const title = record.reverses_id !== null ? 'القيد الأصلي المعكوس' : 'القيد العكسي';
  return (
    <Card as="section" aria-labelledby="record-reversal">
      <SectionTitle id="record-reversal">{title}</SectionTitle>
      <DescriptionList
        items={[
          {
            label: 'رقم القيد',
            value: (
              <PageLink pageId="financial.show" params={{ id: otherId }}>
                {`القيد `}
                <RecordNumber id={otherId} />
              </PageLink>
            ),
          },
          {
            label: L.occurred_on,
            value: other.data ? formatDateDual(other.data.occurred_on) : null,
          },
          { label: L.amount, value: other.data ? <Money value={other.data.amount} /> : null },
          {
            label: L.status,
            value: other.data ? <RecordStatusBadge status={other.data.status} /> : null,
          },
          { label: L.notes, value: other.data?.notes },
        ]}
      />
    </Card>
  );
}

/** The loaded record; a component of its own so its hooks run only once it is there. */
function RecordDetails({ record }: { record: FinancialRecord }) {
  return (
    <Stack>
      <PageHeader
        title={
          <>
            {`${financeDirectionLabel(record.direction)}: ${record.category.name}`}{' '}
            <RecordStatusBadge status={record.status} />{' '}
            {record.reverses_id !== null ? <ReversalBadge /> : null}
          </>
        }
        description={
          <>
            القيد رقم <RecordNumber id={record.id} /> بتاريخ {formatDateDual(record.occurred_on)}
          </>
        }
        actions={<RecordActions record={record} />}
      />
      {record.status === 'cancelled' && record.cancel_reason ? (
        <Notice tone="warning">{`ألغي هذا القيد. السبب: ${record.cancel_reason}`}</Notice>
      ) : null}
      {record.status === 'completed' && record.reverses_id === null ? (
        <Notice>القيد المكتمل لا يُعدَّل؛ لتصحيحه سجّل قيداً عكسياً ثم سجّل القيد الصحيح.</Notice>
      ) : null}
      <Card as="section" aria-labelledby="record-details">
        <SectionTitle id="record-details">بيانات القيد</SectionTitle>
        <DescriptionList
          items={[
            { label: L.direction, value: <DirectionBadge direction={record.direction} /> },
            { label: L.amount, value: <Money value={record.amount} /> },
            { label: L.occurred_on, value: formatDateDual(record.occurred_on) },
            {
              label: L.category,
              value: (
                <>
                  {record.category.name} {record.category.is_zakat ? <ZakatBadge /> : null}
                </>
              ),
            },
            { label: L.status, value: <RecordStatusBadge status={record.status} /> },
            { label: L.payment_method, value: paymentMethodLabel(record.payment_method) },
            {
              label: L.reference_number,
              value: record.reference_number ? <LtrText>{record.reference_number}</LtrText> : null,
            },
            {
              label: L.receipt_number,
              value: record.receipt_number ? <LtrText>{record.receipt_number}</LtrText> : null,
            },
            { label: L.restricted_purpose, value: record.restricted_purpose },
            { label: L.cancel_reason, value: record.cancel_reason },
            { label: 'سجّله', value: record.created_by?.name },
            { label: 'وقت التسجيل', value: formatDateTime(record.created_at) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="record-links">
        <SectionTitle id="record-links">الارتباط</SectionTitle>
        <DescriptionList
          items={[
            {
              label: L.family,
              value: record.family ? (
                <>
                  <PageLink pageId="families.show" params={{ id: record.family.id }}>
                    {record.family.head_name}
                  </PageLink>{' '}
                  (<FileNumber value={record.family.file_number} />،{' '}
                  {familyStatusLabel(record.family.status)})
                </>
              ) : null,
            },
            {
              label: L.organisation,
              value: record.organisation ? (
                <PageLink pageId="orgs.show" params={{ id: record.organisation.id }}>
                  {record.organisation.name}
                </PageLink>
              ) : null,
            },
            {
              label: L.season,
              value: record.season ? (
                <PageLink pageId="seasons.show" params={{ id: record.season.id }}>
                  {record.season.name}
                </PageLink>
              ) : null,
            },
            {
              label: L.service,
              value: record.service ? (
                <PageLink pageId="services.show" params={{ id: record.service.id }}>
                  {record.service.name}
                </PageLink>
              ) : null,
            },
          ]}
        />
      </Card>
      <ReversalPair record={record} />
      <Card as="section" aria-labelledby="record-notes">
        <SectionTitle id="record-notes">{L.notes}</SectionTitle>
        <DescriptionList layout="rows" items={[{ label: L.notes, value: record.notes }]} />
      </Card>
      <Card as="section" aria-labelledby="record-documents">
        <SectionTitle id="record-documents">المستندات</SectionTitle>
        <DocumentsPanel
          parent={{ kind: 'financial_record', id: record.id }}
          caption="مستندات القيد"
        />
      </Card>
    </Stack>
  );
}
