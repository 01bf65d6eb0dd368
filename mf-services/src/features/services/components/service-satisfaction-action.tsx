import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ARABIC_MESSAGES, readApiError } from 'shared-contracts';
import {
  SATISFACTION_MAX,
  SATISFACTION_MIN,
  SERVICE_FIELD_LABELS,
  SERVICE_STATUS_CAPABILITIES,
  serviceDetailToInput,
  type ServiceDetail,
} from 'shared-contracts/services';
import { Button, Dialog, SelectField, formatNumber, useToast } from 'shared-ui';
import { useSaveService, useServiceSaved } from '../api/services-api';

/** The beneficiary's satisfaction choices: «1 من 5» … «5 من 5». */
export const SATISFACTION_OPTIONS = Array.from(
  { length: SATISFACTION_MAX - SATISFACTION_MIN + 1 },
  (_, index) => {
    const score = SATISFACTION_MIN + index;
    return {
      value: score,
      label: `${formatNumber(score)} من ${formatNumber(SATISFACTION_MAX)}`,
    };
  },
);

/** True when the service's page offers recording the beneficiary's satisfaction (once delivered). */
export function takesSatisfaction(service: ServiceDetail): boolean {
  return SERVICE_STATUS_CAPABILITIES[service.status].delivery;
}

/**
 * «تسجيل رضا المستفيد» on a delivered service's page: a dialog with the one choice, saved as an
 * edit of the service that changes nothing else (the API logs the changed field). The delivery
 * dialog says this comes next, so it is here, not only inside «تعديل».
 */
export function ServiceSatisfactionAction({ service }: { service: ServiceDetail }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [score, setScore] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useSaveService(service.id);
  const saved = useServiceSaved();
  const { toast } = useToast();
  const recorded = service.beneficiary_satisfaction !== null;
  const mutation = useMutation({
    mutationFn: (value: number) =>
      save({ ...serviceDetailToInput(service), beneficiary_satisfaction: value }),
    onSuccess: (answer) => {
      saved(answer);
      toast({ title: 'سُجّل رضا المستفيد', description: answer.data.service_type.name });
      setOpen(false);
    },
    onError: (failure) => {
      const { message, fieldErrors } = readApiError(failure);
      setError(fieldErrors.beneficiary_satisfaction?.[0] ?? message);
    },
  });

  const start = () => {
    setScore(recorded ? String(service.beneficiary_satisfaction) : '');
    setError(undefined);
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === '') {
      setError(ARABIC_MESSAGES.required);
      return;
    }
    mutation.mutate(Number(score));
  };
  const title = recorded ? 'تعديل رضا المستفيد' : 'تسجيل رضا المستفيد';

  return (
    <>
      <Button variant="secondary" icon="edit" onClick={start}>
        {title}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description="تقييم المستفيد للخدمة بعد تنفيذها، يُحفظ في بيانات الخدمة وسجل النشاط."
        size="sm"
        footer={
          <>
            <Button type="submit" form={formId} loading={mutation.isPending}>
              حفظ
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              تراجع
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <SelectField
            label={SERVICE_FIELD_LABELS.beneficiary_satisfaction}
            required
            placeholder="اختر..."
            options={SATISFACTION_OPTIONS}
            value={score}
            error={error}
            onChange={(event) => {
              setScore(event.target.value);
              setError(undefined);
            }}
          />
        </form>
      </Dialog>
    </>
  );
}
