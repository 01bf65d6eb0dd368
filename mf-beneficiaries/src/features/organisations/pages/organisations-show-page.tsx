import {
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  labelOf,
  type OrganisationAgreement,
  type OrganisationDetail,
} from 'shared-contracts/beneficiaries';
import {
  Card,
  DataTable,
  DescriptionList,
  LtrText,
  PageButtonLink,
  PageHeader,
  PhoneNumber,
  RecordFromRoute,
  SectionTitle,
  Slot,
  Stack,
  StatusBadge,
  formatCurrency,
  formatDate,
  formatDateTime,
} from 'shared-ui';
import { ORGANISATION_RECORD } from '../api/organisations-api';

/** /orgs/show/:id */
export default function OrganisationsShowPage() {
  return (
    <RecordFromRoute {...ORGANISATION_RECORD}>
      {(organisation) => <OrganisationView organisation={organisation} />}
    </RecordFromRoute>
  );
}

function OrganisationView({ organisation }: { organisation: OrganisationDetail }) {
  return (
    <Stack>
      <PageHeader
        title={
          <>
            {organisation.name}{' '}
            <StatusBadge
              choices={ORGANISATION_STATUSES}
              value={organisation.status}
              tones={{ active: 'success' }}
            />
          </>
        }
        description={labelOf(ORGANISATION_TYPES, organisation.type)}
        actions={
          <PageButtonLink
            pageId="orgs.edit"
            params={{ id: organisation.id }}
            icon="edit"
            variant="secondary"
          >
            تعديل
          </PageButtonLink>
        }
      />
      <Card as="section" aria-labelledby="organisation-details">
        <SectionTitle id="organisation-details">بيانات الجهة</SectionTitle>
        <DescriptionList
          items={[
            {
              label: 'الاسم بالإنجليزية',
              value: organisation.name_en ? <bdi dir="ltr">{organisation.name_en}</bdi> : '',
            },
            {
              label: 'رقم التسجيل / الترخيص',
              value: <LtrText>{organisation.registration_number}</LtrText>,
            },
            { label: 'المدينة', value: organisation.city?.label ?? '' },
            { label: 'مسؤول التواصل', value: organisation.contact_person },
            { label: 'الهاتف', value: <PhoneNumber value={organisation.phone} /> },
            { label: 'البريد الإلكتروني', value: <LtrText>{organisation.email}</LtrText> },
            {
              label: 'الموقع الإلكتروني',
              value: organisation.website ? (
                <a href={organisation.website} target="_blank" rel="noreferrer noopener">
                  <bdi dir="ltr">{organisation.website}</bdi>
                </a>
              ) : (
                ''
              ),
            },
            { label: 'ملاحظات', value: organisation.notes },
            { label: 'آخر تحديث', value: formatDateTime(organisation.updated_at) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="organisation-agreements">
        <SectionTitle id="organisation-agreements">الاتفاقيات</SectionTitle>
        <DataTable<OrganisationAgreement>
          caption="اتفاقيات الجهة"
          rowKey="id"
          rows={organisation.agreements}
          emptyTitle="لا توجد اتفاقيات"
          columns={[
            { id: 'title', header: 'العنوان', cell: (row) => row.title },
            {
              id: 'start_date',
              header: 'البداية',
              nowrap: true,
              cell: (row) => formatDate(row.start_date),
            },
            {
              id: 'end_date',
              header: 'النهاية',
              nowrap: true,
              cell: (row) => formatDate(row.end_date),
            },
            {
              id: 'value',
              header: 'القيمة',
              align: 'end',
              cell: (row) => (row.value === null ? '' : formatCurrency(row.value)),
            },
            { id: 'notes', header: 'ملاحظات', cell: (row) => row.notes ?? '' },
          ]}
        />
      </Card>
      <Slot name="orgs.show" props={{ orgId: organisation.id }} />
    </Stack>
  );
}
