import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { RELATIONSHIPS, familyStatusLabel, labelOf } from 'shared-contracts/beneficiaries';
import type { ServiceFamilyOption, ServiceFormValues } from 'shared-contracts/services';
import {
  Button,
  Card,
  DescriptionList,
  FileNumber,
  FormGrid,
  LoadingState,
  Notice,
  Row,
  SectionTitle,
  SelectField,
  Stack,
  errorAt,
} from 'shared-ui';
import { useServiceFamily } from '../api/services-api';
import { ServiceFamilyPicker } from './family-picker';

type Member = ServiceFamilyOption['members'][number];

function memberOptions(members: readonly Member[]) {
  return members.map((member) => ({
    value: member.id,
    label: member.relationship
      ? `${member.name} (${labelOf(RELATIONSHIPS, member.relationship)})`
      : member.name,
  }));
}

/**
 * The family a service is for and, optionally, one of its members. The family is picked by
 * search; a family that cannot be served (not approved) is refused here with the reason, before
 * anything is sent. The member list is the chosen family's, and starts over when the family
 * changes. `keptFamilyId` is the family an edited service already holds: it stays accepted
 * whatever its status now (the API checks the family only when it changes).
 *
 * The selects are uncontrolled (react-hook-form's register): an option must exist when the field
 * first renders for its starting value to show, hence the kept member (and, in the form, the
 * kept employees and type) offered before the lists load.
 */
export function ServiceFamilySection({
  keptFamilyId,
  keptMember,
}: {
  keptFamilyId: number | null;
  /** The member an edited service holds: offered while the family's members load. */
  keptMember: { id: number; name: string } | null;
}) {
  const { control, setValue, setError, clearErrors, formState, register } =
    useFormContext<ServiceFormValues>();
  const familyValue = useWatch({ control, name: 'family_id' });
  const initialId = Number(familyValue) > 0 ? Number(familyValue) : null;
  // The family named by the form's starting value (an edited service, or ?family_id=).
  const [startId] = useState(initialId);
  const loaded = useServiceFamily(startId);
  const [picked, setPicked] = useState<ServiceFamilyOption | null>(null);
  const [changing, setChanging] = useState(false);
  const family = picked ?? loaded.data ?? null;
  const refusal = family && family.id !== keptFamilyId ? family.refusal : null;
  const familyError = errorAt(formState.errors, 'family_id');

  const choose = (option: ServiceFamilyOption) => {
    setPicked(option);
    setChanging(false);
    setValue('member_id', '', { shouldDirty: true });
    if (option.refusal !== null && option.id !== keptFamilyId) {
      setValue('family_id', '', { shouldDirty: true });
      setError('family_id', { type: 'refused', message: option.refusal });
    } else {
      setValue('family_id', String(option.id), { shouldDirty: true });
      clearErrors('family_id');
    }
  };

  const showPicker = changing || (family === null && !(startId !== null && loaded.isPending));

  return (
    <Card as="section" aria-labelledby="service-family">
      <SectionTitle id="service-family">الأسرة المستفيدة</SectionTitle>
      <Stack $gap="md">
        {startId !== null && loaded.isPending && !picked ? (
          <LoadingState label="جارٍ تحميل بيانات الأسرة..." />
        ) : null}
        {family ? (
          <>
            <DescriptionList
              items={[
                { label: 'رب الأسرة', value: family.head_name },
                { label: 'رقم الملف', value: <FileNumber value={family.file_number} /> },
                { label: 'حالة الملف', value: familyStatusLabel(family.status) },
              ]}
            />
            {refusal || familyError ? (
              <Notice tone="danger" role="alert">
                {refusal ?? familyError}
              </Notice>
            ) : null}
            {!changing ? (
              <Row>
                <Button
                  size="sm"
                  variant="secondary"
                  icon="search"
                  onClick={() => setChanging(true)}
                >
                  تغيير الأسرة
                </Button>
              </Row>
            ) : null}
          </>
        ) : null}
        {showPicker ? (
          <ServiceFamilyPicker
            label={family ? 'ابحث عن أسرة أخرى' : 'ابحث عن الأسرة'}
            selectedId={family?.id ?? null}
            onSelect={choose}
            error={family ? undefined : familyError}
          />
        ) : null}
        {/* The chosen family's id travels with the form; the picker above sets it. */}
        <input type="hidden" {...register('family_id')} />
        <FormGrid>
          <SelectField
            label="الفرد المستفيد"
            placeholder="الأسرة كاملة"
            hint="اتركه على «الأسرة كاملة» إذا كانت الخدمة للأسرة لا لفرد منها."
            options={memberOptions(
              refusal
                ? []
                : (family?.members ?? (keptMember ? [{ ...keptMember, relationship: null }] : [])),
            )}
            disabled={!family || refusal !== null}
            error={errorAt(formState.errors, 'member_id')}
            {...register('member_id')}
          />
        </FormGrid>
      </Stack>
    </Card>
  );
}
