import { ANONYMISED_FAMILY_NAME } from 'shared-contracts/resources/family-erasure-contracts';
import {
  Card,
  FileNumber,
  Notice,
  Row,
  PageButtonLink,
  PageHeader,
  RecordFromRoute,
  SectionTitle,
  Slot,
  Stack,
} from 'shared-ui';
import { FamilyStatusBadge } from '../../../lib/components/family-status-badge';
import { FAMILY_RECORD, type FamilyRecord } from '../api/families-api';
import { FamilyAnonymiseAction } from '../components/family-anonymise-action';
import { FamilyBenefits } from '../components/family-benefits';
import { FamilyMembersTable } from '../components/family-members-table';
import { FamilyProfile } from '../components/family-profile';
import { FamilyStatusPanel } from '../components/family-status-panel';
import { FamilyTimeline } from '../components/family-timeline';

/** /families/show/:id: the family's file — profile, members, status workflow, timeline. */
export default function FamiliesShowPage() {
  return (
    <RecordFromRoute {...FAMILY_RECORD}>
      {(family) => <FamilyFileView family={family} />}
    </RecordFromRoute>
  );
}

function FamilyFileView({ family }: { family: FamilyRecord }) {
  const anonymised = Boolean(family.anonymised_at);
  return (
    <Stack>
      <PageHeader
        title={
          <>
            {anonymised ? ANONYMISED_FAMILY_NAME : `أسرة ${family.head_name}`}{' '}
            <FamilyStatusBadge status={family.status} />
          </>
        }
        description={
          <>
            رقم الملف <FileNumber value={family.file_number} /> — عدد الأفراد:{' '}
            {family.members_count}
          </>
        }
        actions={
          <Row>
            {/* An anonymised family is not edited again: its form would only ask for what was erased. */}
            {family.status !== 'archived' && !anonymised ? (
              <PageButtonLink
                pageId="families.edit"
                params={{ id: family.id }}
                icon="edit"
                variant="secondary"
              >
                تعديل
              </PageButtonLink>
            ) : null}
            <FamilyAnonymiseAction family={family} />
          </Row>
        }
      />
      {anonymised ? (
        <Notice tone="info">
          جُهّلت بيانات هذه الأسرة الشخصية نهائيًا؛ بقي رقم الملف وسجل الحالة والسجلات المالية
          والخدمات.
        </Notice>
      ) : null}
      {/* The status and its actions come first: approving or suspending is the reason most
          staff open a file, and it used to sit below the long profile and member list. */}
      <Card as="section" aria-labelledby="family-status">
        <SectionTitle id="family-status">الحالة</SectionTitle>
        <FamilyStatusPanel family={family} />
      </Card>
      <FamilyProfile family={family} />
      <Card as="section" aria-labelledby="family-members">
        <SectionTitle id="family-members">أفراد الأسرة</SectionTitle>
        <FamilyMembersTable members={family.members} />
      </Card>
      <FamilyBenefits family={family} />
      <Slot name="families.show" props={{ familyId: family.id }} />
      <Card as="section" aria-labelledby="family-timeline">
        <SectionTitle id="family-timeline">سجل الأسرة</SectionTitle>
        <FamilyTimeline familyId={family.id} />
      </Card>
    </Stack>
  );
}
