import { useState, type ReactNode } from 'react';
import { todayIso } from 'shared-contracts';
import {
  DISTRIBUTION_KINDS,
  DISTRIBUTION_KIND_CODES,
  SEASON_STATUS_CAPABILITIES,
  seasonEndpoints,
  type Season,
} from 'shared-contracts/beneficiaries';
import {
  BULK_ACTION_LABELS,
  BULK_MAX_ITEMS,
  bulkActionEndpoints,
  seasonBeneficiaryBulkSchema,
  type SeasonBeneficiaryBulkAction,
  type SeasonBeneficiaryBulkInput,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BulkActionDialog,
  DateField,
  FormGrid,
  Muted,
  NumberField,
  RepeaterRow,
  SelectField,
  SelectionBar,
  Stack,
  SubTitle,
  TextAreaField,
  selectionRequest,
  useCanCall,
  useEndpointCall,
  useInvalidateEndpoints,
  type SelectionAction,
  type TableSelection,
} from 'shared-ui';
import { ItemSelect } from '../../../lib/components/item-fields';
import { AddRowButton, RemoveRowButton } from '../../../lib/components/repeater-buttons';
import { optionsOf, useLookups } from '../../../lib/lookups';

interface ItemRow {
  item: string;
  quantity: string;
}

type Kind = (typeof DISTRIBUTION_KIND_CODES)[number];

interface Fields {
  kind: Kind;
  items: ItemRow[];
  cash_amount: string;
  distributed_at: string;
  notes: string;
  reason: string;
}

const emptyFields = (): Fields => ({
  kind: 'items',
  items: [{ item: '', quantity: '1' }],
  cash_amount: '',
  distributed_at: todayIso(),
  notes: '',
  reason: '',
});

/**
 * The request of the chosen action, checked with the endpoint's own schema: the body, or the
 * fields' Arabic errors (keyed by their path, `items.0.item`). Only the chosen kind's part is
 * sent, so hidden item rows never block a cash handover.
 */
export function seasonBulkRequest(
  action: SeasonBeneficiaryBulkAction,
  fields: Fields,
  selected: { ids: number[] } | { filter: Record<string, string> },
): { body: SeasonBeneficiaryBulkInput } | { errors: Record<string, string> } {
  const body: SeasonBeneficiaryBulkInput =
    action === 'exclude'
      ? { action, reason: fields.reason, ...selected }
      : {
          action,
          kind: fields.kind,
          ...(fields.kind === 'cash'
            ? { cash_amount: fields.cash_amount }
            : { items: fields.items }),
          distributed_at: fields.distributed_at,
          notes: fields.notes,
          ...selected,
        };
  const parsed = seasonBeneficiaryBulkSchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { errors };
}

/**
 * A season's beneficiaries' bulk actions (docs/bulk-actions.md): the bar over the selection with
 * the actions this employee may take now — a handover while the programme is distributing, an
 * exclusion while it still takes families, both only with the endpoint's permissions — and the
 * dialog of the chosen one: its fields, then the summary.
 */
export function useSeasonBulkActions(
  season: Season,
  selection: TableSelection,
  params: Readonly<Record<string, string>>,
): { enabled: boolean; bar: ReactNode; dialog: ReactNode } {
  const call = useEndpointCall();
  const invalidate = useInvalidateEndpoints();
  const lookups = useLookups();
  const capabilities = SEASON_STATUS_CAPABILITIES[season.status];
  const mayAct = useCanCall(bulkActionEndpoints.seasonBeneficiaries);
  const [action, setAction] = useState<SeasonBeneficiaryBulkAction | null>(null);
  const [fields, setFields] = useState<Fields>(emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Fields>) => setFields((previous) => ({ ...previous, ...patch }));
  const setItem = (index: number, patch: Partial<ItemRow>) =>
    set({
      items: fields.items.map((row, at) => (at === index ? { ...row, ...patch } : row)),
    });

  const open = (next: SeasonBeneficiaryBulkAction) => {
    setFields(emptyFields());
    setErrors({});
    setAction(next);
  };
  const actions: SelectionAction[] = [
    ...(mayAct && capabilities.distribute
      ? [
          {
            id: 'record_distribution',
            label: BULK_ACTION_LABELS.record_distribution,
            onSelect: () => open('record_distribution'),
          },
        ]
      : []),
    ...(mayAct && capabilities.enrol
      ? [
          {
            id: 'exclude',
            label: BULK_ACTION_LABELS.exclude,
            onSelect: () => open('exclude'),
          },
        ]
      : []),
  ];

  const bar = (
    <SelectionBar selection={selection} noun="family" actions={actions} limit={BULK_MAX_ITEMS} />
  );
  const dialog = (
    <BulkActionDialog
      open={action !== null}
      title={action ? BULK_ACTION_LABELS[action] : ''}
      noun="family"
      count={selection.count}
      confirmLabel={action === 'exclude' ? 'استبعاد' : 'تسجيل الصرف'}
      destructive={action === 'exclude'}
      onClose={() => setAction(null)}
      onSubmit={async () => {
        if (!action) return null;
        const request = seasonBulkRequest(action, fields, selectionRequest(selection, params));
        if ('errors' in request) {
          setErrors(request.errors);
          return null;
        }
        setErrors({});
        return call(bulkActionEndpoints.seasonBeneficiaries, {
          params: { id: season.id },
          body: request.body,
        });
      }}
      onDone={() => {
        selection.clear();
        void invalidate(seasonEndpoints);
      }}
      // The family as text: a refused row may be on another page of the list.
      failedLink={(item) => item.label ?? 'المستفيد'}
    >
      {action === 'exclude' ? (
        <TextAreaField
          label="سبب الاستبعاد"
          required
          value={fields.reason}
          error={errors.reason}
          onChange={(event) => set({ reason: event.target.value })}
        />
      ) : null}
      {action === 'record_distribution' ? (
        <Stack $gap="md">
          <Muted>يُسجَّل المستلم لكل أسرة رب الأسرة، كما في كشف التوزيع الموقَّع.</Muted>
          <FormGrid>
            <SelectField
              label="نوع الصرف"
              required
              options={optionsOf(DISTRIBUTION_KINDS)}
              value={fields.kind}
              error={errors.kind}
              onChange={(event) => {
                const chosen = event.target.value;
                set({ kind: DISTRIBUTION_KIND_CODES.find((code) => code === chosen) ?? 'items' });
              }}
            />
            <DateField
              label="تاريخ التسليم"
              required
              max={todayIso()}
              value={fields.distributed_at}
              error={errors.distributed_at}
              onChange={(event) => set({ distributed_at: event.target.value })}
            />
            {fields.kind === 'cash' ? (
              <NumberField
                label="المبلغ النقدي لكل أسرة (ريال)"
                required
                value={fields.cash_amount}
                error={errors.cash_amount}
                onChange={(event) => set({ cash_amount: event.target.value })}
              />
            ) : null}
          </FormGrid>
          {fields.kind === 'items' ? (
            <div>
              <SubTitle>الأصناف لكل أسرة</SubTitle>
              {errors.items ? <Muted role="alert">{errors.items}</Muted> : null}
              {fields.items.map((row, index) => (
                <RepeaterRow key={index}>
                  <ItemSelect
                    label={`الصنف ${index + 1}`}
                    required
                    items={lookups.distribution_item_kinds}
                    value={row.item}
                    error={errors[`items.${index}.item`]}
                    onChange={(event) => setItem(index, { item: event.target.value })}
                  />
                  <NumberField
                    label="الكمية"
                    required
                    inputMode="numeric"
                    value={row.quantity}
                    error={errors[`items.${index}.quantity`]}
                    onChange={(event) => setItem(index, { quantity: event.target.value })}
                  />
                  <RemoveRowButton
                    label={`حذف الصنف ${index + 1}`}
                    onClick={() => set({ items: fields.items.filter((_, at) => at !== index) })}
                  />
                </RepeaterRow>
              ))}
              <AddRowButton
                onClick={() => set({ items: [...fields.items, { item: '', quantity: '1' }] })}
              >
                إضافة صنف
              </AddRowButton>
            </div>
          ) : null}
          <TextAreaField
            label="ملاحظات"
            rows={2}
            value={fields.notes}
            error={errors.notes}
            onChange={(event) => set({ notes: event.target.value })}
          />
        </Stack>
      ) : null}
    </BulkActionDialog>
  );
  return { enabled: actions.length > 0, bar, dialog };
}
