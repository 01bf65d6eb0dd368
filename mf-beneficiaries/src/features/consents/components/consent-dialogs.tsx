import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { todayIso } from 'shared-contracts';
import { documentEndpoints } from 'shared-contracts/resources/documents-contracts';
import {
  CONSENT_PURPOSES,
  RECORDABLE_CONSENT_METHODS,
  consentPurposeLabel,
  consentRecordSchema,
  consentWithdrawSchema,
  type Consent,
  type ConsentPurpose,
  type ConsentRecordFormValues,
  type ConsentWithdrawFormValues,
} from 'shared-contracts/resources/consents-contracts';
import { consentsResource } from 'shared-contracts/resources/consents';
import {
  DateField,
  FormGrid,
  SelectField,
  TextAreaField,
  TextField,
  bindFields,
  formatDate,
  useEndpointQuery,
  useSchemaForm,
} from 'shared-ui';
import { FormDialog, useDialogSaveFeedback } from '../../../lib/components/form-dialog';
import { useRecordConsent, useWithdrawConsent } from '../api/consents-api';

const L = consentsResource.fields;

const options = (items: readonly { code: string; label: string }[]) =>
  items.map((item) => ({ value: item.code, label: item.label }));

export interface RecordConsentTarget {
  familyId: number;
  /** The purposes with no current consent: the form offers only these. */
  purposes: readonly ConsentPurpose[];
}

function recordDefaults(target: RecordConsentTarget | null): ConsentRecordFormValues {
  return {
    purpose: target?.purposes[0] ?? 'data_processing',
    method: 'signed_form',
    given_on: todayIso(),
    witness_name: '',
    document_id: '',
    note: '',
  };
}

/**
 * «تسجيل موافقة»: the purpose, how it was given (a witness's name for a verbal one), the day,
 * optionally the signed form among the family's documents, and a note.
 */
export function RecordConsentDialog({
  target,
  onClose,
}: {
  target: RecordConsentTarget | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(consentRecordSchema, { defaultValues: recordDefaults(target) });
  const { register, formState, handleSubmit, reset, setError, control } = form;
  const fieldProps = bindFields(register, formState.errors);
  useEffect(() => reset(recordDefaults(target)), [target, reset]);
  const method = useWatch({ control, name: 'method' });
  const feedback = useDialogSaveFeedback(setError, 'تعذر تسجيل الموافقة', onClose);
  const save = useRecordConsent(target?.familyId ?? 0);
  const documents = useEndpointQuery(
    documentEndpoints.familyList,
    { params: { id: target?.familyId ?? 0 } },
    { enabled: target !== null, select: (answer) => answer.data.documents },
  );
  const purposes = CONSENT_PURPOSES.filter((item) => target?.purposes.includes(item.code));

  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title="تسجيل موافقة"
      submitLabel="حفظ الموافقة"
      submitIcon="check"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) =>
          save.mutate(
            body,
            feedback({
              title: 'تم تسجيل الموافقة',
              description: consentPurposeLabel(body.purpose),
            }),
          ),
        )(event)
      }
    >
      <FormGrid>
        <SelectField
          label={L.purpose}
          required
          options={options(purposes)}
          {...fieldProps('purpose')}
        />
        <SelectField
          label={L.method}
          required
          options={options(RECORDABLE_CONSENT_METHODS)}
          {...fieldProps('method')}
        />
        <DateField label={L.given_on} required {...fieldProps('given_on')} />
        {method === 'verbal_witnessed' ? (
          <TextField label={L.witness_name} required {...fieldProps('witness_name')} />
        ) : null}
        <SelectField
          label={L.document}
          placeholder={documents.isLoading ? 'جارٍ التحميل...' : 'بلا نموذج مرفق'}
          options={(documents.data ?? []).map((document) => ({
            value: String(document.id),
            label: document.file_name,
          }))}
          {...fieldProps('document_id')}
        />
      </FormGrid>
      <TextAreaField label={L.note} rows={2} {...fieldProps('note')} />
    </FormDialog>
  );
}

function withdrawDefaults(): ConsentWithdrawFormValues {
  return { withdrawn_on: todayIso(), reason: '' };
}

/** «سحب الموافقة»: the day and why; the record stays, marked withdrawn. */
export function WithdrawConsentDialog({
  consent,
  onClose,
}: {
  consent: Consent | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(consentWithdrawSchema, { defaultValues: withdrawDefaults() });
  const { register, formState, handleSubmit, reset, setError } = form;
  const fieldProps = bindFields(register, formState.errors);
  useEffect(() => reset(withdrawDefaults()), [consent, reset]);
  const feedback = useDialogSaveFeedback(setError, 'تعذر سحب الموافقة', onClose);
  const save = useWithdrawConsent(consent?.id ?? 0);

  return (
    <FormDialog
      open={consent !== null}
      onClose={onClose}
      title="سحب الموافقة"
      description={
        consent
          ? `${consentPurposeLabel(consent.purpose)}، الموافقة بتاريخ ${formatDate(consent.given_on)}`
          : undefined
      }
      submitLabel="سحب الموافقة"
      submitIcon="close"
      busy={save.isPending}
      onSubmit={(event) =>
        void handleSubmit((body) =>
          save.mutate(
            body,
            feedback({
              title: 'تم سحب الموافقة',
              description: consent ? consentPurposeLabel(consent.purpose) : undefined,
            }),
          ),
        )(event)
      }
    >
      <FormGrid>
        <DateField label={L.withdrawn_on} required {...fieldProps('withdrawn_on')} />
      </FormGrid>
      <TextAreaField label={L.withdrawal_reason} required rows={3} {...fieldProps('reason')} />
    </FormDialog>
  );
}
