import { countOf } from 'shared-contracts';
import {
  PERSON_NOUN,
  SEMINAR_STATUS_CAPABILITIES,
  nextSeminarStatuses,
  seminarEndpoints,
  targetText,
  type SeminarDetail,
} from 'shared-contracts/engagement';
import {
  Card,
  DescriptionList,
  Identifier,
  PageButtonLink,
  PageHeader,
  RecordFromRoute,
  SectionTitle,
  Stack,
  formatDateTime,
  formatNumber,
  useCanCall,
} from 'shared-ui';
import { SEMINAR_RECORD } from '../api/seminars-api';
import { SeminarStatusBadge, SeminarWhen } from '../components/seminar-display';
import { SeminarStatusActions } from '../components/seminar-status-actions';

/** /seminar/show/:id: the seminar, its workflow actions and the way to its audience. */
export default function SeminarsShowPage() {
  return (
    <RecordFromRoute {...SEMINAR_RECORD}>
      {(seminar) => <SeminarDetails seminar={seminar} />}
    </RecordFromRoute>
  );
}

function SeminarDetails({ seminar }: { seminar: SeminarDetail }) {
  const canChangeStatus = useCanCall(seminarEndpoints.status);
  return (
    <Stack>
      <PageHeader
        title={
          <>
            {seminar.title} <SeminarStatusBadge status={seminar.status} />
          </>
        }
        description={<SeminarWhen seminar={seminar} />}
        actions={
          <>
            <PageButtonLink pageId="seminars.audience" params={{ id: seminar.id }} icon="families">
              الجمهور والحضور
            </PageButtonLink>
            {SEMINAR_STATUS_CAPABILITIES[seminar.status].edit ? (
              <PageButtonLink
                pageId="seminars.edit"
                params={{ id: seminar.id }}
                icon="edit"
                variant="secondary"
              >
                تعديل
              </PageButtonLink>
            ) : null}
          </>
        }
      />
      {canChangeStatus && nextSeminarStatuses(seminar.status).length > 0 ? (
        <Card as="section" aria-labelledby="seminar-actions">
          <SectionTitle id="seminar-actions">الإجراءات</SectionTitle>
          <SeminarStatusActions seminar={seminar} />
        </Card>
      ) : null}
      <Card as="section" aria-labelledby="seminar-details">
        <SectionTitle id="seminar-details">بيانات الندوة</SectionTitle>
        <DescriptionList
          items={[
            { label: 'نوع الندوة', value: seminar.seminar_type.name },
            { label: 'المحور', value: seminar.axis?.name },
            { label: 'المقدم', value: seminar.presenter },
            { label: 'الموعد', value: <SeminarWhen seminar={seminar} /> },
            { label: 'المكان', value: seminar.venue },
            {
              label: 'رابط الحضور عن بعد',
              value: seminar.online_url ? (
                <a href={seminar.online_url} target="_blank" rel="noreferrer">
                  <Identifier kind="url" value={seminar.online_url} />
                </a>
              ) : null,
            },
            { label: 'السعة', value: countOf(seminar.capacity, PERSON_NOUN) },
            { label: 'المسجلون', value: formatNumber(seminar.registered_count) },
            { label: 'قائمة الانتظار', value: formatNumber(seminar.waiting_count) },
            { label: 'الحضور', value: formatNumber(seminar.attended_count) },
            { label: 'الفئة المستهدفة', value: targetText(seminar) },
            { label: 'سبب الإلغاء', value: seminar.status_reason },
            {
              label: 'آخر تغيير للحالة',
              value: seminar.status_changed_at
                ? `${formatDateTime(seminar.status_changed_at)}${seminar.status_changed_by ? ` — ${seminar.status_changed_by.name}` : ''}`
                : null,
            },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="seminar-description">
        <SectionTitle id="seminar-description">الوصف</SectionTitle>
        <DescriptionList layout="rows" items={[{ label: 'الوصف', value: seminar.description }]} />
      </Card>
    </Stack>
  );
}
