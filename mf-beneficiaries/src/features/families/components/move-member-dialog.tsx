import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  memberMoveSchema,
  todayIso,
  type FamilyMember,
  type MemberMove,
  type MemberMoveInput,
} from 'shared-contracts';
import {
  Button,
  DateField,
  Dialog,
  FormGrid,
  LtrText,
  Notice,
  SelectField,
  TextAreaField,
  bindFields,
  errorAt,
  useApiClient,
  useSaveErrorHandler,
  useToast,
} from 'shared-ui';
import { FamilyPicker } from '../../../lib/components/family-picker';
import { Stack } from '../../../lib/components/layout';
import { beneficiariesKeys } from '../../../lib/query-keys';
import { moveFamilyMember } from '../api/families-api';
import { MEMBER_RELATIONSHIP_OPTIONS } from './options';

type MoveValues = MemberMoveInput;

/**
 * Moves a member to another family (POST /family-members/{id}/move): the target family is
 * picked by search, the relationship is to the new head, and the reason is recorded.
 */
export function MoveMemberDialog({
  member,
  onClose,
}: {
  member: FamilyMember | null;
  onClose: () => void;
}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formId = useId();
  const [target, setTarget] = useState<{ id: number; label: string } | null>(null);
  const form = useForm<MoveValues>({
    resolver: zodResolver(memberMoveSchema) as unknown as Resolver<MoveValues>,
    defaultValues: {
      to_family_id: '',
      relationship: '' as MoveValues['relationship'],
      reason: '',
      effective_date: '',
    },
  });
  const { register, control, formState, handleSubmit, reset, setError, setValue } = form;
  const fieldProps = bindFields(register, formState.errors);

  // Another member: start from an empty form.
  const [shownMember, setShownMember] = useState(member);
  if (shownMember !== member) {
    setShownMember(member);
    setTarget(null);
  }
  useEffect(() => {
    reset();
  }, [member, reset]);

  const handleSaveError = useSaveErrorHandler(setError, 'تعذر نقل الفرد');
  const move = useMutation({
    mutationFn: (body: MemberMove) => moveFamilyMember(client, member?.id ?? 0, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.members.all });
      void queryClient.invalidateQueries({ queryKey: beneficiariesKeys.families.all });
      toast({
        title: 'نُقل الفرد إلى الأسرة الجديدة',
        description: `${member?.full_name ?? ''} ← ${target?.label ?? ''}`,
      });
      onClose();
    },
    onError: handleSaveError,
  });

  return (
    <Dialog
      open={member !== null}
      onClose={() => {
        if (!move.isPending) onClose();
      }}
      size="lg"
      title="نقل إلى أسرة أخرى"
      description={
        member ? (
          <>
            {member.full_name} — من الأسرة <LtrText>{member.family_file_number}</LtrText>
          </>
        ) : undefined
      }
      footer={
        <>
          <Button type="submit" form={formId} loading={move.isPending}>
            نقل الفرد
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
            إلغاء
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void handleSubmit((body) => move.mutate(body as unknown as MemberMove))(event);
        }}
      >
        <Stack $gap="md">
          {target ? <Notice tone="info">الأسرة المختارة: {target.label}</Notice> : null}
          <Controller
            control={control}
            name="to_family_id"
            render={({ field }) => (
              <FamilyPicker
                label="الأسرة الجديدة"
                selectedId={typeof field.value === 'number' ? field.value : null}
                excludeId={member?.family_id}
                error={errorAt(formState.errors, 'to_family_id')}
                onSelect={(family) => {
                  setTarget({
                    id: family.id,
                    label: `${family.head_name} (${family.file_number})`,
                  });
                  setValue('to_family_id', family.id, { shouldValidate: formState.isSubmitted });
                }}
              />
            )}
          />
          <FormGrid>
            <SelectField
              label="صلة القرابة برب الأسرة الجديدة"
              required
              placeholder="اختر..."
              options={MEMBER_RELATIONSHIP_OPTIONS}
              {...fieldProps('relationship')}
            />
            <DateField
              label="تاريخ النقل"
              max={todayIso()}
              hint="اليوم إن تُرك فارغاً"
              {...fieldProps('effective_date')}
            />
            <div data-span="full">
              <TextAreaField label="سبب النقل" required rows={3} {...fieldProps('reason')} />
            </div>
          </FormGrid>
        </Stack>
      </form>
    </Dialog>
  );
}
