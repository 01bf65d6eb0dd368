import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router-dom';
import { countOf } from 'shared-contracts';
import {
  AUDIENCE_MESSAGES,
  PERSON_NOUN,
  SEMINAR_STATUS_CAPABILITIES,
  attendanceRate,
  seminarHasStarted,
  seminarAudienceEndpoints,
  type Audience,
  type AudienceSheet,
} from 'shared-contracts/engagement';
import {
  Button,
  Card,
  DescriptionList,
  ExportButton,
  LoadingState,
  Notice,
  PageHeader,
  PageLink,
  QueryErrorState,
  SectionTitle,
  Stack,
  formatNumber,
  pageTitle,
} from 'shared-ui';
import { useAudience } from '../api/seminars-api';
import { AudiencePrint, AudiencePrintStyle } from '../components/audience-print';
import { AudienceRegister } from '../components/audience-register';
import { RegisteredTable, WaitingTable } from '../components/audience-tables';
import { SeminarStatusBadge, SeminarWhen } from '../components/seminar-display';

/** "حضر 8 من 10 أشخاص (80٪)", "حضر 1 من شخص واحد", "لم يحضر أحد من شخصين", or not yet marked. */
export function attendanceRateText(counts: Audience['counts']): string {
  const rate = attendanceRate(counts);
  if (rate === null) return 'لم يُسجل الحضور بعد';
  // The total is counted after «من», so its dual is oblique ("من شخصين").
  const marked = countOf(counts.attended + counts.no_show, PERSON_NOUN, { case: 'oblique' });
  if (counts.attended === 0) return `لم يحضر أحد من ${marked} (${formatNumber(rate)}٪)`;
  return `حضر ${formatNumber(counts.attended)} من ${marked} (${formatNumber(rate)}٪)`;
}

/** /seminar/audience/:id: registration, the waiting list, attendance on the day, export and print. */
export default function SeminarsAudiencePage() {
  const id = Number(useParams().id);
  const query = useAudience(id);
  if (query.isPending) return <LoadingState label="جارٍ تحميل جمهور الندوة..." />;
  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <AudienceView audience={query.data} />;
}

function AudienceView({ audience }: { audience: Audience }) {
  const { seminar, counts } = audience;
  const capabilities = SEMINAR_STATUS_CAPABILITIES[seminar.status];
  const [sheet, setSheet] = useState<AudienceSheet>('list');
  const registered = audience.entries.filter((entry) => entry.state === 'registered');
  const waiting = audience.entries.filter((entry) => entry.state === 'waiting');

  // The chosen sheet must be in the page before the browser's print dialog reads it.
  const print = (chosen: AudienceSheet) => {
    flushSync(() => setSheet(chosen));
    window.print();
  };

  return (
    <Stack>
      <AudiencePrintStyle />
      <PageHeader
        title={
          <>
            {pageTitle('seminars.audience')}: {seminar.title}{' '}
            <SeminarStatusBadge status={seminar.status} />
          </>
        }
        description={<SeminarWhen seminar={seminar} />}
        actions={
          <>
            <ExportButton
              endpoint={seminarAudienceEndpoints.export}
              pathParams={{ id: seminar.id }}
              filePrefix={`seminar-${seminar.id}-audience`}
              params={{ sheet: 'list' }}
              label="تصدير كشف الجمهور"
            />
            <ExportButton
              endpoint={seminarAudienceEndpoints.export}
              pathParams={{ id: seminar.id }}
              filePrefix={`seminar-${seminar.id}-sign-in`}
              params={{ sheet: 'sign_in' }}
              label="تصدير كشف التوقيع"
            />
            <Button variant="secondary" icon="print" onClick={() => print('list')}>
              طباعة كشف الجمهور
            </Button>
            <Button variant="secondary" icon="print" onClick={() => print('sign_in')}>
              طباعة كشف التوقيع
            </Button>
          </>
        }
      />
      <p>
        <PageLink pageId="seminars.show" params={{ id: seminar.id }}>
          العودة إلى بيانات الندوة
        </PageLink>
      </p>
      <Card as="section" aria-labelledby="audience-counts">
        <SectionTitle id="audience-counts">الأعداد</SectionTitle>
        <DescriptionList
          items={[
            {
              label: 'المسجلون',
              value: `${formatNumber(counts.registered)} من ${countOf(seminar.capacity, PERSON_NOUN, { case: 'oblique' })}`,
            },
            { label: 'المقاعد المتاحة', value: formatNumber(counts.free_places) },
            {
              label: 'قائمة الانتظار',
              value: counts.waiting > 0 ? countOf(counts.waiting, PERSON_NOUN) : 'لا أحد',
            },
            { label: 'نسبة الحضور', value: attendanceRateText(counts) },
            { label: 'لم يُسجل حضورهم', value: formatNumber(counts.unmarked) },
          ]}
        />
      </Card>
      {capabilities.register ? (
        <Card as="section" aria-labelledby="audience-register">
          <SectionTitle id="audience-register">التسجيل</SectionTitle>
          <AudienceRegister seminarId={seminar.id} />
        </Card>
      ) : (
        <Notice tone="info">
          {seminar.status === 'planned'
            ? 'التسجيل لم يُفتح بعد: افتح التسجيل من صفحة الندوة.'
            : 'التسجيل مغلق في هذه الندوة.'}
        </Notice>
      )}
      <Card as="section" aria-label="المسجلون وحضورهم">
        <RegisteredTable
          seminarId={seminar.id}
          entries={registered}
          attendance={capabilities.attendance}
          attendanceLockedReason={
            seminarHasStarted(seminar) ? null : AUDIENCE_MESSAGES.attendanceNotStarted
          }
          removable={capabilities.unregister}
        />
      </Card>
      <Card as="section" aria-label="قائمة الانتظار">
        <WaitingTable
          seminarId={seminar.id}
          entries={waiting}
          removable={capabilities.unregister}
        />
      </Card>
      <AudiencePrint audience={audience} sheet={sheet} />
    </Stack>
  );
}
