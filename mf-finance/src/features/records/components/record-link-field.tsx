import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  FINANCIAL_RECORD_MESSAGES,
  zakatFamilyRefusal,
  type FinancialRecordFormValues,
} from 'shared-contracts/finance';
import { Button, Dialog, LtrText, Muted, Notice, Row, Stack, errorAt } from 'shared-ui';
import {
  LINK_FIELDS,
  LINK_LABELS,
  LinkPicker,
  linkPendingText,
  useLinkedEntityState,
  type LinkKind,
  type LinkedEntity,
} from './link-pickers';

function idOf(value: unknown): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One link of the record (family, organisation, programme or service): what is linked, by name,
 * with "change" and "remove", or a button opening the search. The id travels in a hidden input
 * the picker sets. A server refusal on the field (the zakat rule on `family_id`) shows under it.
 */
export function RecordLinkField({
  kind,
  allowed,
  zakatExpense = false,
}: {
  kind: LinkKind;
  /** The employee may search this kind; otherwise a kept link is shown, read-only. */
  allowed: boolean;
  /** The record is a zakat expense: the family link must be an approved family (shown before saving). */
  zakatExpense?: boolean;
}) {
  const name = LINK_FIELDS[kind];
  const { control, setValue, register, formState, clearErrors } =
    useFormContext<FinancialRecordFormValues>();
  const id = idOf(useWatch({ control, name }));
  const familyId = idOf(useWatch({ control, name: 'family_id' }));
  const { entity: loaded, loading } = useLinkedEntityState(kind, id);
  const [picked, setPicked] = useState<LinkedEntity | null>(null);
  const [picking, setPicking] = useState(false);
  const entity = picked && picked.id === id ? picked : loaded;
  const error = errorAt(formState.errors, name);
  const label = LINK_LABELS[kind];
  const headingId = `record-link-${kind}`;

  const choose = (next: LinkedEntity | null) => {
    setPicked(next);
    setPicking(false);
    setValue(name, next ? String(next.id) : '', { shouldDirty: true });
    clearErrors(name);
  };
  const zakatWarning =
    kind === 'family' && zakatExpense
      ? id === null
        ? FINANCIAL_RECORD_MESSAGES.zakatNeedsFamily
        : entity?.familyStatus
          ? zakatFamilyRefusal(entity.familyStatus)
          : null
      : null;

  return (
    <Stack $gap="sm" role="group" aria-labelledby={headingId}>
      <strong id={headingId}>{label}</strong>
      <input type="hidden" {...register(name)} />
      {id === null ? (
        <Muted>غير مرتبط</Muted>
      ) : !entity ? (
        <Muted>{linkPendingText(loading)}</Muted>
      ) : (
        <p>
          {entity.name}
          {entity.code ? (
            <>
              {' '}
              (<LtrText>{entity.code}</LtrText>)
            </>
          ) : null}
        </p>
      )}
      {error ? (
        <Notice tone="danger" role="alert">
          {error}
        </Notice>
      ) : zakatWarning ? (
        <Notice tone="warning">{zakatWarning}</Notice>
      ) : null}
      {allowed ? (
        <Row>
          <Button
            size="sm"
            variant="secondary"
            icon="search"
            onClick={() => setPicking(true)}
            aria-label={id === null ? `ربط ${label}` : `تغيير ${label}`}
          >
            {id === null ? 'ربط' : 'تغيير'}
          </Button>
          {id !== null ? (
            <Button
              size="sm"
              variant="ghost"
              icon="close"
              onClick={() => choose(null)}
              aria-label={`إزالة ربط ${label}`}
            >
              إزالة
            </Button>
          ) : null}
        </Row>
      ) : null}
      <Dialog open={picking} onClose={() => setPicking(false)} title={`ربط ${label}`} size="lg">
        <LinkPicker
          kind={kind}
          selectedId={id}
          familyId={kind === 'service' ? familyId : undefined}
          onSelect={choose}
        />
      </Dialog>
    </Stack>
  );
}
