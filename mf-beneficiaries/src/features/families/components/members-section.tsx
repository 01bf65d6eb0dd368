import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { GENDERS, RELATIONSHIPS, labelOf, memberAge } from 'shared-contracts/beneficiaries';
import { ageOf as ageText } from 'shared-contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  Muted,
  NationalId,
  Row,
  Stack,
  errorAt,
  formatDate,
} from 'shared-ui';
import type { FamilyValues, MemberValues } from './family-form-values';
import { MemberDialog } from './member-dialog';

export const MAX_MEMBERS = 40;

interface MemberRow {
  index: number;
  member: MemberValues;
}

function ageOf(birthDate: unknown): string {
  if (typeof birthDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return '';
  return ageText(memberAge(birthDate));
}

/**
 * The family members other than the head (wizard step 4, a section of the edit form): a table
 * with add/edit in a dialog. Members already saved (with an id) are not removed here: ending a
 * membership is its own recorded action (move to another family, with a reason).
 */
export function MembersSection({
  headNationalId,
  excludeFamilyId,
}: {
  headNationalId?: string | null;
  excludeFamilyId?: number;
}) {
  const { control, formState } = useFormContext<FamilyValues>();
  // keyName: members carry their own `id` (kept for the update), so the row key is `key`.
  const { fields, append, update, remove } = useFieldArray({
    control,
    name: 'members',
    keyName: 'key',
  });
  const members: MemberValues[] = fields.map(({ key: _key, ...member }) => member);
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const [removing, setRemoving] = useState<MemberRow | null>(null);

  const editedIndex = editing?.index ?? null;
  const takenIds = [
    headNationalId ?? '',
    ...members
      .filter((_, index) => index !== editedIndex)
      .map((member) => (typeof member.national_id === 'string' ? member.national_id : '')),
  ];
  const rows: MemberRow[] = members.map((member, index) => ({ index, member }));
  const listError = errorAt(formState.errors, 'members');

  return (
    <Stack $gap="md">
      <Row $justify="between">
        <Muted>رب الأسرة مسجل في الخطوة الأولى؛ أضف هنا بقية أفراد الأسرة.</Muted>
        <Button
          icon="plus"
          variant="secondary"
          disabled={members.length >= MAX_MEMBERS}
          onClick={() => setEditing({ index: null })}
        >
          إضافة فرد
        </Button>
      </Row>
      {listError ? <Muted role="alert">{listError}</Muted> : null}
      <DataTable<MemberRow>
        caption="أفراد الأسرة"
        rowKey="index"
        rows={rows}
        emptyTitle="لم يُضف أي فرد بعد"
        emptyDescription="الأسرة المكونة من رب الأسرة وحده لا تحتاج إلى إضافة أفراد."
        columns={[
          {
            id: 'full_name',
            header: 'الاسم',
            cell: ({ member, index }) => {
              const errors = ['full_name', 'national_id', 'gender', 'birth_date', 'relationship']
                .map((field) => errorAt(formState.errors, `members.${index}.${field}`))
                .filter(Boolean);
              return (
                <>
                  {member.full_name}
                  {errors.length > 0 ? <Muted role="alert">{errors.join('، ')}</Muted> : null}
                </>
              );
            },
          },
          {
            id: 'relationship',
            header: 'صلة القرابة',
            cell: ({ member }) => labelOf(RELATIONSHIPS, member.relationship),
          },
          { id: 'gender', header: 'الجنس', cell: ({ member }) => labelOf(GENDERS, member.gender) },
          {
            id: 'birth_date',
            header: 'تاريخ الميلاد',
            cell: ({ member }) => (
              <>
                {formatDate(member.birth_date)}{' '}
                <Muted as="span" style={{ whiteSpace: 'nowrap' }}>
                  {ageOf(member.birth_date)}
                </Muted>
              </>
            ),
          },
          {
            id: 'national_id',
            header: 'رقم الهوية',
            cell: ({ member }) => (
              <NationalId
                value={typeof member.national_id === 'string' ? member.national_id : null}
              />
            ),
          },
          {
            id: 'actions',
            header: 'إجراءات',
            cell: ({ member, index }) => (
              <Row>
                <Button
                  size="sm"
                  variant="ghost"
                  icon="edit"
                  aria-label={`تعديل ${member.full_name}`}
                  onClick={() => setEditing({ index })}
                >
                  تعديل
                </Button>
                {member.id === undefined || member.id === null || member.id === '' ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon="trash"
                    aria-label={`حذف ${member.full_name}`}
                    onClick={() => setRemoving({ index, member })}
                  >
                    حذف
                  </Button>
                ) : null}
              </Row>
            ),
          },
        ]}
      />
      <MemberDialog
        open={editing !== null}
        member={editedIndex === null ? null : (members[editedIndex] ?? null)}
        takenIds={takenIds}
        excludeFamilyId={excludeFamilyId}
        onClose={() => setEditing(null)}
        onSave={(member) => {
          if (editedIndex === null) append(member);
          else update(editedIndex, member);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="حذف الفرد من القائمة؟"
        message={`سيُحذف «${removing?.member.full_name ?? ''}» من أفراد هذه الأسرة قبل حفظها.`}
        confirmLabel="حذف"
        destructive
        onConfirm={() => {
          if (removing) remove(removing.index);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
