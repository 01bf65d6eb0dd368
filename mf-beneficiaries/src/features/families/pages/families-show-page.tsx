import { useParams } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import { ButtonLink, Card, LoadingState, PageHeader } from 'shared-ui';
import { SectionTitle, Stack } from '../../../lib/components/layout';
import { QueryError } from '../../../lib/components/query-states';
import { useCan } from '../../../lib/use-current-employee';
import { useFamily } from '../api/family-queries';
import { FamilyBenefits } from '../components/family-benefits';
import { FamilyMembersTable } from '../components/family-members-table';
import { FamilyProfile } from '../components/family-profile';
import { FamilyStatusBadge } from '../components/family-status-badge';
import { FamilyStatusPanel } from '../components/family-status-panel';
import { FamilyTimeline } from '../components/family-timeline';

/** /families/show/:id: the family's file — profile, members, status workflow, timeline. */
export default function FamiliesShowPage() {
  const id = Number(useParams().id);
  const query = useFamily(id);
  const canEdit = useCan('edit_families');

  if (query.isPending) return <LoadingState label="جارٍ تحميل ملف الأسرة..." />;
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundTitle="الأسرة غير موجودة"
      />
    );
  const { family, benefits } = query.data;

  return (
    <Stack>
      <PageHeader
        title={
          <>
            أسرة {family.head_name} <FamilyStatusBadge status={family.status} />
          </>
        }
        description={
          <>
            رقم الملف <bdi dir="ltr">{family.file_number}</bdi> — عدد الأفراد:{' '}
            {family.members_count}
          </>
        }
        actions={
          canEdit && family.status !== 'archived' ? (
            <ButtonLink
              to={pathTo('families.edit', { id: family.id })}
              icon="edit"
              variant="secondary"
            >
              تعديل
            </ButtonLink>
          ) : null
        }
      />
      <FamilyProfile family={family} />
      <Card as="section" aria-labelledby="family-members">
        <SectionTitle id="family-members">أفراد الأسرة</SectionTitle>
        <FamilyMembersTable members={family.members} />
      </Card>
      <Card as="section" aria-labelledby="family-status">
        <SectionTitle id="family-status">الحالة</SectionTitle>
        <FamilyStatusPanel family={family} />
      </Card>
      <FamilyBenefits benefits={benefits} />
      <Card as="section" aria-labelledby="family-timeline">
        <SectionTitle id="family-timeline">سجل الأسرة</SectionTitle>
        <FamilyTimeline familyId={family.id} />
      </Card>
    </Stack>
  );
}
