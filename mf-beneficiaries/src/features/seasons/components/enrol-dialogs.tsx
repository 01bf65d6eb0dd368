import { useState } from 'react';
import {
  SEASON_MESSAGES,
  type Family,
  type Season,
  type SeasonEnrolment,
} from 'shared-contracts/beneficiaries';
import { countOf, readApiError } from 'shared-contracts';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DescriptionList,
  Dialog,
  FileNumber,
  Notice,
  Stack,
  formatNumber,
  useToast,
} from 'shared-ui';
import { FamilyPicker } from '../../../lib/components/family-picker';
import { useEnrolFamilies, type SeasonEnrolmentOutcome } from '../api/seasons-api';

type Ineligible = SeasonEnrolmentOutcome['ineligible'][number];

/** What an enrolment did: how many enrolled, already there, and who was not eligible and why. */
export function EnrolmentResultDialog({
  result,
  onClose,
}: {
  result: SeasonEnrolmentOutcome | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      size="lg"
      title="نتيجة التسجيل"
      footer={<Button onClick={onClose}>تم</Button>}
    >
      {result ? (
        <Stack $gap="md">
          <DescriptionList
            items={[
              { label: 'أسر سُجلت الآن', value: formatNumber(result.enrolled) },
              { label: 'مسجلة مسبقاً', value: formatNumber(result.already_enrolled) },
              { label: 'غير مستحقة', value: formatNumber(result.ineligible_count) },
            ]}
          />
          {result.ineligible.length > 0 ? (
            <DataTable<Ineligible>
              caption="الأسر غير المستحقة وأسبابها"
              showCaption
              rowKey="family_id"
              rows={result.ineligible}
              columns={[
                {
                  id: 'file_number',
                  header: 'رقم الملف',
                  cell: (row) => <FileNumber value={row.file_number} />,
                },
                { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
                { id: 'reasons', header: 'السبب', cell: (row) => row.reasons.join('، ') },
              ]}
            />
          ) : null}
        </Stack>
      ) : null}
    </Dialog>
  );
}

/** Enrols, toasts the counts (or why it failed), then hands the result over. */
function useEnrol(season: Season, onDone: (result: SeasonEnrolmentOutcome) => void) {
  const { toast } = useToast();
  const enrol = useEnrolFamilies(season.id);
  return {
    isPending: enrol.isPending,
    mutate: (body: SeasonEnrolment) =>
      enrol.mutate(body, {
        onSuccess: ({ data: result }) => {
          toast({
            title: 'تم التسجيل في البرنامج',
            description: `${result.enrolled === 0 ? 'لم تُسجل أي أسرة' : `سُجلت ${countOf(result.enrolled, 'family')}`}، ومسجلة مسبقاً ${formatNumber(result.already_enrolled)}، وغير مستحقة ${formatNumber(result.ineligible_count)}.`,
          });
          onDone(result);
        },
        onError: (error) => {
          const { status, message } = readApiError(error, 'تعذر التسجيل');
          toast({
            variant: 'destructive',
            title: 'تعذر التسجيل',
            description: status === 409 ? SEASON_MESSAGES.alreadyEnrolled : message,
          });
        },
      }),
  };
}

interface EnrolDialogProps {
  season: Season;
  open: boolean;
  onClose: () => void;
  onResult: (result: SeasonEnrolmentOutcome) => void;
}

/** 'تسجيل أسرة': enrol one family picked by search (mode 'families'). */
export function EnrolFamilyDialog({ season, open, onClose, onResult }: EnrolDialogProps) {
  const [family, setFamily] = useState<Family | null>(null);
  const [error, setError] = useState<string | undefined>();
  const enrol = useEnrol(season, (result) => {
    setFamily(null);
    onClose();
    onResult(result);
  });
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!enrol.isPending) onClose();
      }}
      size="lg"
      title="تسجيل أسرة في البرنامج"
      description={season.name}
      footer={
        <>
          <Button
            loading={enrol.isPending}
            onClick={() => {
              if (!family) {
                setError('اختر الأسرة من نتائج البحث');
                return;
              }
              enrol.mutate({ mode: 'families', family_ids: [family.id] });
            }}
          >
            تسجيل الأسرة
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={enrol.isPending}>
            إلغاء
          </Button>
        </>
      }
    >
      <Stack $gap="md">
        {family ? (
          <Notice tone="info">
            الأسرة المختارة: {family.head_name} (<FileNumber value={family.file_number} />)
          </Notice>
        ) : null}
        <FamilyPicker
          selectedId={family?.id ?? null}
          statuses={season.eligibility.statuses}
          notInSeason={season.id}
          error={error}
          onSelect={(picked) => {
            setFamily(picked);
            setError(undefined);
          }}
        />
      </Stack>
    </Dialog>
  );
}

/** 'تسجيل جميع المستحقين': confirm, enrol every eligible family (mode 'all_eligible'), show the counts. */
export function EnrolAllDialog({ season, open, onClose, onResult }: EnrolDialogProps) {
  const enrol = useEnrol(season, (result) => {
    onClose();
    onResult(result);
  });
  return (
    <ConfirmDialog
      open={open}
      title="تسجيل جميع الأسر المستحقة؟"
      message="ستُسجل في البرنامج كل أسرة تنطبق عليها شروط الاستحقاق ولم تُسجل بعد، وتُعرض بعدها الأسر غير المستحقة وأسبابها."
      confirmLabel="تسجيل جميع المستحقين"
      busy={enrol.isPending}
      onConfirm={() => enrol.mutate({ mode: 'all_eligible' })}
      onCancel={onClose}
    />
  );
}
