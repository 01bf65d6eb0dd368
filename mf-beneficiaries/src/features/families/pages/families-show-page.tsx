import { useParams } from 'react-router-dom';
import { pathTo } from 'shared-contracts';
import { ButtonLink, Card, PageHeader, QueryView, useCan } from 'shared-ui';
import { SectionTitle, Stack } from '../../../lib/components/layout';
import type { FamilyFile } from '../api/families-api';
import { useFamily } from '../api/family-queries';
import { FamilyBenefits } from '../components/family-benefits';
import { FamilyMembersTable } from '../components/family-members-table';
import { FamilyProfile } from '../components/family-profile';
import { FamilyStatusBadge } from '../components/family-status-badge';
import { FamilyStatusPanel } from '../components/family-status-panel';
import { FamilyTimeline } from '../components/family-timeline';

/** /families/show/:id: the family's file — profile, members, status workflow, timeline. */
export default function FamiliesShowPage() {
  const query = useFamily(Number(useParams().id));
  return (
    <QueryView
      query={query}
      loadingLabel="جارٍ تحميل ملف الأسرة..."
      notFoundTitle="الأسرة غير موجودة"
    >
      {(file) => <FamilyFileView file={file} />}
    </QueryView>
  );
}

/** The loaded file; a component of its own so its hooks run only once it is there. */
function FamilyFileView({ file }: { file: FamilyFile }) {
  const canEdit = useCan('edit_families');
  const { family, benefits } = file;

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
