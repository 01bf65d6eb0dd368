import { countOf } from 'shared-contracts';
import { SURVEY_NOUNS, SURVEY_QUESTION_TYPES, surveyLabel } from 'shared-contracts/engagement';
import { Card, DataTable, QueryView, SectionTitle, formatDateTime, formatNumber } from 'shared-ui';
import { useTemplateVersions } from '../api/surveys-api';
import { VersionStatusBadge } from './survey-badges';

/** The template's versions, newest first: when each was published and how many answered it; each version's questions on demand. */
export function TemplateVersions({ templateId }: { templateId: number }) {
  const versions = useTemplateVersions(templateId);
  return (
    <Card as="section" aria-labelledby="template-versions">
      <SectionTitle id="template-versions">الإصدارات</SectionTitle>
      <QueryView query={versions} loadingLabel="جارٍ تحميل الإصدارات...">
        {(rows) => (
          <DataTable
            caption="إصدارات القالب"
            rowKey="id"
            rows={rows}
            columns={[
              {
                id: 'version',
                header: 'الإصدار',
                cell: (row) => `الإصدار ${formatNumber(row.version)}`,
              },
              {
                id: 'status',
                header: 'الحالة',
                cell: (row) => <VersionStatusBadge status={row.status} />,
              },
              {
                id: 'published_at',
                header: 'تاريخ النشر',
                cell: (row) => (row.published_at ? formatDateTime(row.published_at) : '—'),
              },
              {
                id: 'questions',
                header: 'الأسئلة',
                cell: (row) =>
                  row.questions
                    .map((q) => `${q.label} (${surveyLabel(SURVEY_QUESTION_TYPES, q.type)})`)
                    .join('، '),
              },
              {
                id: 'responses',
                header: 'الردود',
                align: 'end',
                cell: (row) => countOf(row.responses_count, SURVEY_NOUNS.response),
              },
            ]}
          />
        )}
      </QueryView>
    </Card>
  );
}
