import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  FAMILY_WIZARD_STEPS,
  FAMILY_WIZARD_STEP_COUNT,
  familyDraftSchema,
  familySubmitSchema,
  isDraftWrite,
  isRecord,
  mergeWizardStepsData,
  wizardStepData,
  wizardStepOfField,
} from 'shared-contracts/beneficiaries';
import { pathTo, readApiError, zodErrorToFieldErrors } from 'shared-contracts';
import {
  Button,
  Card,
  ConfirmDialog,
  DocumentsPanel,
  FileNumber,
  NEXT_ICON,
  Notice,
  PageHeader,
  Row,
  Stack,
  Stepper,
  UnsavedChangesGuard,
  fieldPathOf,
  formatDateTime,
  useToast,
} from 'shared-ui';
import { useCreateFamily } from '../../api/families-api';
import { useWizardDraft } from './use-wizard-draft';
import type { FamilyValues } from '../family-form-values';
import { ReviewStep } from './review-step';
import { WizardStepForm } from './wizard-step-form';
import type { MemberIncome } from '../housing-income-section';

export const WIZARD_LEAVE_MESSAGE =
  'لم تُرسل بيانات الأسرة بعد. ستبقى محفوظة كمسودة على هذا الجهاز، ويمكنك متابعتها لاحقاً من «تسجيل أسرة».';

const StepHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-block-end: ${({ theme }) => theme.space.md};

  &:focus {
    outline: none;
  }
`;

const STEP_TITLES = FAMILY_WIZARD_STEPS.map((step) => step.title);

type Mode = 'submit' | 'draft';

/** The family just submitted, for the optional documents step. */
interface CreatedFamily {
  id: number;
  fileNumber: string;
  members: { id: number; name: string }[];
}

export const DOCUMENTS_STEP_TITLE = 'مستندات الأسرة (اختياري)';
export const OPEN_FAMILY_LABEL = 'الانتقال إلى ملف الأسرة';

/**
 * The family creation wizard (/families/create): six steps, each validated with its own schema;
 * the draft lives in local storage (`families/create`) so nothing typed is lost; the review
 * step submits for review, and any step can save a server draft. Once submitted, an optional
 * last step attaches the family's documents (shared-ui `DocumentsPanel`) before its file opens.
 */
export function FamilyCreateWizard() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const wizard = useWizardDraft();
  const { draft } = wizard;
  const step = draft.step;
  const definition = FAMILY_WIZARD_STEPS[step - 1];
  const [stepErrors, setStepErrors] = useState<Record<string, string[]> | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [restoredNotice, setRestoredNotice] = useState(wizard.restored);
  const [created, setCreated] = useState<CreatedFamily | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Keyboard and screen-reader users land on the new step's heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, formVersion, created]);

  const headData = wizardStepData(draft, 1);
  const headNationalId =
    isRecord(headData) && isRecord(headData.head) && typeof headData.head.national_id === 'string'
      ? headData.head.national_id
      : null;
  const membersData = wizardStepData(draft, 4);
  const membersCount =
    1 +
    (isRecord(membersData) && Array.isArray(membersData.members) ? membersData.members.length : 0);
  // The head's and members' own incomes (steps 1 and 4) count in the income step's total.
  const memberIncomes = [
    ...(isRecord(headData) && isRecord(headData.head) ? [headData.head] : []),
    ...(isRecord(membersData) && Array.isArray(membersData.members)
      ? membersData.members.filter(isRecord)
      : []),
  ] as MemberIncome[];

  /** Sends the user to the first step holding one of these field errors, shown on the fields. */
  const showFieldErrors = useCallback(
    (errors: Record<string, string[]>, values?: FamilyValues) => {
      const steps = Object.keys(errors)
        .map((key) => wizardStepOfField(fieldPathOf(key)))
        .filter((value): value is number => value !== null);
      if (steps.length === 0) return false;
      const target = Math.min(...steps);
      setStepErrors(errors);
      wizard.goTo(target, values);
      setFormVersion((version) => version + 1);
      return true;
    },
    [wizard],
  );

  const save = useCreateFamily();

  const saveFamily = (mode: Mode, values?: FamilyValues) => {
    const body = mergeWizardStepsData(wizard.snapshot(values));
    const parsed =
      mode === 'submit'
        ? familySubmitSchema.safeParse(body)
        : familyDraftSchema.safeParse({ ...body, save_as_draft: true });
    if (!parsed.success) {
      showFieldErrors(zodErrorToFieldErrors(parsed.error), values);
      toast({
        variant: 'destructive',
        title: mode === 'draft' ? 'لا يمكن حفظ المسودة بعد' : 'البيانات غير مكتملة',
        description:
          mode === 'draft'
            ? 'أدخل اسم رب الأسرة على الأقل، وصحّح الحقول المظللة.'
            : 'صحّح الحقول المظللة ثم أعد الإرسال.',
      });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ data: family }) => {
        wizard.discard();
        toast({
          title: mode === 'draft' ? 'حُفظت الأسرة كمسودة' : 'سُجلت الأسرة وأُرسلت للمراجعة',
          description: (
            <>
              رقم الملف <FileNumber value={family.file_number} />
            </>
          ),
        });
        // Nothing is left unsaved: leave without the prompt.
        flushSync(() => setRestoredNotice(false));
        if (mode === 'draft') {
          navigate(pathTo('families.show', { id: family.id }));
          return;
        }
        // Submitted: the optional documents step, then the family's file.
        setCreated({
          id: family.id,
          fileNumber: family.file_number,
          members: family.members.map((member) => ({ id: member.id, name: member.full_name })),
        });
      },
      onError: (error) => {
        const { message, fieldErrors } = readApiError(error, 'تعذر حفظ الأسرة');
        const shown = showFieldErrors(fieldErrors);
        toast({
          variant: 'destructive',
          title: shown ? 'راجع الحقول المظللة' : 'تعذر حفظ الأسرة',
          description: message,
        });
      },
    });
  };

  const goTo = (target: number, values?: FamilyValues) => {
    setStepErrors(null);
    wizard.goTo(target, values);
  };

  const busy = save.isPending;
  const savingDraft = busy && isDraftWrite(save.variables);

  if (created)
    return (
      <Stack>
        <PageHeader
          title="تسجيل أسرة"
          description={
            <>
              سُجلت الأسرة وأُرسلت للمراجعة، رقم الملف <FileNumber value={created.fileNumber} />.
            </>
          }
        />
        <Card as="section" aria-labelledby="wizard-documents">
          <StepHeading id="wizard-documents" ref={headingRef} tabIndex={-1}>
            {DOCUMENTS_STEP_TITLE}
          </StepHeading>
          <Stack>
            <p>
              أرفق ما لديك الآن من مستندات الأسرة (الهوية الوطنية، سجل الأسرة، عقد الإيجار...)، أو
              انتقل إلى ملف الأسرة وأرفقها لاحقاً من هناك.
            </p>
            <DocumentsPanel
              parent={{ kind: 'family', id: created.id }}
              members={created.members}
              caption="مستندات الأسرة"
            />
            <Row $justify="end">
              <Button
                iconEnd={NEXT_ICON}
                onClick={() => navigate(pathTo('families.show', { id: created.id }))}
              >
                {OPEN_FAMILY_LABEL}
              </Button>
            </Row>
          </Stack>
        </Card>
      </Stack>
    );

  return (
    <Stack>
      <PageHeader
        title="تسجيل أسرة"
        description="أدخل بيانات الأسرة على ست خطوات؛ يُحفظ ما تكتبه تلقائياً على هذا الجهاز."
      />
      {restoredNotice ? (
        <Notice
          tone="info"
          action={
            <Button
              size="sm"
              variant="secondary"
              icon="refresh"
              onClick={() => setConfirmRestart(true)}
            >
              بدء من جديد
            </Button>
          }
        >
          استُعيدت مسودة محفوظة على هذا الجهاز
          {draft.familyName ? ` لأسرة «${draft.familyName}»` : ''} (آخر حفظ{' '}
          {formatDateTime(draft.savedAt)}).
        </Notice>
      ) : null}
      <Stepper steps={STEP_TITLES} current={step - 1} />
      <Card>
        <StepHeading ref={headingRef} tabIndex={-1}>
          الخطوة {step} من {FAMILY_WIZARD_STEP_COUNT}: {definition?.title}
        </StepHeading>
        {definition?.id === 'review' ? (
          <ReviewStep
            draft={draft}
            submitting={busy && !savingDraft}
            savingDraft={savingDraft}
            onEdit={(target) => goTo(target)}
            onBack={() => goTo(step - 1)}
            onSubmit={() => saveFamily('submit')}
            onSaveDraft={() => saveFamily('draft')}
          />
        ) : (
          <WizardStepForm
            key={`${step}-${formVersion}`}
            step={step}
            storedData={wizardStepData(draft, step)}
            headNationalId={headNationalId}
            membersCount={membersCount}
            memberIncomes={memberIncomes}
            initialErrors={stepErrors}
            savingDraft={savingDraft}
            onChange={wizard.recordValues}
            onNext={(values) => goTo(step + 1, values)}
            onBack={(values) => goTo(step - 1, values)}
            onSaveDraft={(values) => saveFamily('draft', values)}
          />
        )}
      </Card>
      <ConfirmDialog
        open={confirmRestart}
        title="بدء تسجيل جديد؟"
        message="ستُحذف المسودة المحفوظة على هذا الجهاز وكل ما أُدخل فيها، ولا يمكن التراجع."
        confirmLabel="حذف المسودة والبدء من جديد"
        destructive
        onConfirm={() => {
          wizard.discard();
          setStepErrors(null);
          setRestoredNotice(false);
          setConfirmRestart(false);
          setFormVersion((version) => version + 1);
          toast({ title: 'حُذفت المسودة', description: 'يمكنك البدء بتسجيل أسرة جديدة.' });
        }}
        onCancel={() => setConfirmRestart(false)}
      />
      <UnsavedChangesGuard when={wizard.hasData && !busy} message={WIZARD_LEAVE_MESSAGE} />
    </Stack>
  );
}
