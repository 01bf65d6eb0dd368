import { useState } from 'react';
import { readApiError } from 'shared-contracts';
import {
  audienceRegistrationSchema,
  seminarAudienceEndpoints,
  type AudienceCandidate,
  type AudienceChangeResponse,
} from 'shared-contracts/engagement';
import {
  Button,
  FormErrorSummary,
  FormGrid,
  FileNumber,
  ReasonConfirmDialog,
  SearchPicker,
  Stack,
  SubTitle,
  TextField,
  bindFields,
  formatNumber,
  useSaveErrorHandler,
  useSchemaForm,
  useToast,
  type DataTableColumn,
} from 'shared-ui';
import { candidateSearchQuery, useRegisterAudience } from '../api/seminars-api';

/** The toast of a registration: a place, or the waiting list with its position. */
function registeredToast(answer: AudienceChangeResponse) {
  const entry = answer.data.entry;
  return {
    title: answer.message,
    description: entry
      ? entry.waiting_position
        ? // Words without gender: the person may be a man, a woman or a guest of either.
          `${entry.name} — رقم ${formatNumber(entry.waiting_position)} في قائمة الانتظار`
        : entry.name
      : undefined,
  };
}

/**
 * Registers family members (searched by name, national ID or file number; one outside the target
 * audience only after confirming the exception, whose reasons the entry keeps) and external
 * guests (name and phone). The API decides between a place and the waiting list.
 */
export function AudienceRegister({ seminarId }: { seminarId: number }) {
  const register = useRegisterAudience(seminarId);
  const { toast } = useToast();
  const [confirming, setConfirming] = useState<AudienceCandidate | null>(null);

  /** `reason`: why a member outside the target audience is registered (the exception's). */
  const registerMember = (candidate: AudienceCandidate, reason: string | null) =>
    register.mutate(
      {
        kind: 'member',
        member_id: candidate.member_id,
        override_confirmed: reason !== null,
        override_reason: reason,
      },
      {
        onSuccess: (answer) => {
          toast(registeredToast(answer));
          setConfirming(null);
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'تعذر التسجيل',
            description: readApiError(error).message,
          });
          setConfirming(null);
        },
      },
    );

  const columns: DataTableColumn<AudienceCandidate>[] = [
    // No national ID column: registering is open to who may not see identity documents.
    { id: 'name', header: 'الاسم', cell: (row) => row.name },
    {
      id: 'family',
      header: 'الأسرة',
      cell: (row) => (
        <>
          {row.family.head_name} (<FileNumber value={row.family.file_number} />)
        </>
      ),
    },
    {
      id: 'fit',
      header: 'الفئة المستهدفة',
      cell: (row) =>
        row.already_registered
          ? 'مسجل في الندوة'
          : row.outside_reasons.length > 0
            ? `خارجها: ${row.outside_reasons.join('؛ ')}`
            : 'ضمنها',
    },
  ];

  return (
    <Stack $gap="md">
      <SubTitle>تسجيل فرد من الأسر</SubTitle>
      <SearchPicker
        label="ابحث عن الفرد بالاسم أو رقم الهوية أو رقم ملف الأسرة"
        endpoint={seminarAudienceEndpoints.candidates}
        params={{ id: seminarId }}
        query={candidateSearchQuery}
        rows={(answer): readonly AudienceCandidate[] => answer.data}
        caption="نتائج البحث عن الأفراد"
        columns={columns}
        rowKey="member_id"
        isSelected={(row) => row.already_registered}
        onSelect={(row) =>
          row.outside_reasons.length > 0 ? setConfirming(row) : registerMember(row, null)
        }
        pickLabel={(row) => `تسجيل ${row.name}`}
        prompt="اكتب حرفين على الأقل من الاسم، أو رقم ملف الأسرة، أو رقم الهوية كاملاً."
        emptyTitle="لا يوجد فرد مطابق"
      />
      <GuestForm seminarId={seminarId} />
      {confirming ? (
        <ReasonConfirmDialog
          open
          title={`تسجيل ${confirming.name} استثناءً؟`}
          message={
            <>
              الفرد خارج الفئة المستهدفة للندوة: {confirming.outside_reasons.join('؛ ')}. اذكر سبب
              تسجيله استثناءً، يُحفظ السبب مع التسجيل ويظهر في سجل النشاط.
            </>
          }
          reasonLabel="سبب التسجيل استثناءً"
          confirmLabel="تأكيد التسجيل استثناءً"
          busy={register.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={(reason) => registerMember(confirming, reason)}
        />
      ) : null}
    </Stack>
  );
}

/** An external guest: name and phone (the shared phone schema). */
function GuestForm({ seminarId }: { seminarId: number }) {
  const register = useRegisterAudience(seminarId);
  const { toast } = useToast();
  const [messages, setMessages] = useState<string[]>([]);
  const form = useSchemaForm(audienceRegistrationSchema, {
    defaultValues: { kind: 'guest', guest_name: '', guest_phone: '', override_confirmed: false },
  });
  const fieldProps = bindFields(form.register, form.formState.errors);
  const handleError = useSaveErrorHandler(form.setError, 'تعذر تسجيل الضيف');
  const submit = form.handleSubmit((values) => {
    setMessages([]);
    register.mutate(values, {
      onSuccess: (answer) => {
        toast(registeredToast(answer));
        form.reset();
      },
      onError: (error) => setMessages(handleError(error)),
    });
  });

  return (
    <form noValidate aria-label="تسجيل ضيف من خارج الأسر" onSubmit={(event) => void submit(event)}>
      <Stack $gap="sm">
        <SubTitle>تسجيل ضيف من خارج الأسر</SubTitle>
        <FormErrorSummary messages={messages} />
        <FormGrid>
          <TextField label="اسم الضيف" required {...fieldProps('guest_name')} />
          <TextField
            label="جوال الضيف"
            required
            normaliseDigits
            inputMode="tel"
            dir="ltr"
            {...fieldProps('guest_phone')}
          />
        </FormGrid>
        <div>
          <Button type="submit" icon="plus" loading={register.isPending}>
            تسجيل الضيف
          </Button>
        </div>
      </Stack>
    </form>
  );
}
