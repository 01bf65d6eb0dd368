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
import { ORG_RECORD } from '../api/orgs-api';

/** /orgs/show/:id */
export default function OrgsShowPage() {
  return <RecordFromRoute {...ORG_RECORD}>{(org) => <OrgDetails org={org} />}</RecordFromRoute>;
}

function OrgDetails({ org }: { org: OrganisationDetail }) {
  return (
    <Stack>
      <PageHeader
        title={
          <>
            {org.name}{' '}
            <StatusBadge
              choices={ORGANISATION_STATUSES}
              value={org.status}
              tones={{ active: 'success' }}
            />
          </>
        }
        description={labelOf(ORGANISATION_TYPES, org.type)}
        actions={
          <PageButtonLink
            pageId="orgs.edit"
            params={{ id: org.id }}
            icon="edit"
            variant="secondary"
          >
            تعديل
          </PageButtonLink>
        }
      />
      <Card as="section" aria-labelledby="org-details">
        <SectionTitle id="org-details">بيانات الجهة</SectionTitle>
        <DescriptionList
          items={[
            {
              label: 'الاسم بالإنجليزية',
              value: org.name_en ? <bdi dir="ltr">{org.name_en}</bdi> : '',
            },
            { label: 'رقم التسجيل / الترخيص', value: <LtrText>{org.registration_number}</LtrText> },
            { label: 'المدينة', value: org.city?.label ?? '' },
            { label: 'مسؤول التواصل', value: org.contact_person },
            { label: 'الهاتف', value: <PhoneNumber value={org.phone} /> },
            { label: 'البريد الإلكتروني', value: <LtrText>{org.email}</LtrText> },
            {
              label: 'الموقع الإلكتروني',
              value: org.website ? (
                <a href={org.website} target="_blank" rel="noreferrer noopener">
                  <bdi dir="ltr">{org.website}</bdi>
                </a>
              ) : (
                ''
              ),
            },
            { label: 'ملاحظات', value: org.notes },
            { label: 'آخر تحديث', value: formatDateTime(org.updated_at) },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="org-agreements">
        <SectionTitle id="org-agreements">الاتفاقيات</SectionTitle>
        <DataTable<OrganisationAgreement>
          caption="اتفاقيات الجهة"
          rowKey="id"
          rows={org.agreements}
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
      <Slot name="orgs.show" props={{ orgId: org.id }} />
    </Stack>
  );
}
