import { useState, type KeyboardEvent } from 'react';
import {
  FINANCE_DIRECTIONS,
  FINANCIAL_RECORD_STATUSES,
  PAYMENT_METHODS,
  financialListFilterErrors,
  type FINANCIAL_RECORD_SORTABLE,
  type financialRecordListQuery,
} from 'shared-contracts/finance';
import {
  Badge,
  Button,
  CheckboxField,
  ChoiceGroup,
  DateField,
  Dialog,
  FilterSelects,
  IconButton,
  ListFilterBar,
  LtrText,
  NumberField,
  RadioField,
  Row,
  SelectField,
  Stack,
  type ListUrlState,
  idFromSelect,
  optionalValue,
} from 'shared-ui';
import { categoryOptions, useFinancialCategories } from '../../../lib/categories';
import {
  LINK_FIELDS,
  LINK_KINDS,
  LINK_LABELS,
  LinkPicker,
  useCanLink,
  linkPendingText,
  useLinkedEntityState,
  type LinkKind,
} from './link-pickers';

export type RecordsListState = ListUrlState<
  typeof financialRecordListQuery.filters,
  (typeof FINANCIAL_RECORD_SORTABLE)[number]
>;

/**
 * An amount bound: typed freely (Arabic digits, `٫`), sent to the URL when the field is left or
 * Enter is pressed — not on every keystroke, which would reload the list per digit.
 */
function AmountFilterField({
  label,
  value,
  error,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  error?: string | undefined;
  onCommit: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  // The URL changed under the field (cleared, back button): show what it says.
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const commit = () => {
    const next = text.trim() === '' ? undefined : text.trim();
    if (next !== value) onCommit(next);
  };
  return (
    <NumberField
      label={label}
      value={text}
      error={error}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

/** One linked-record filter as a chip naming it, with a way to drop it. */
function LinkChip({ kind, id, onClear }: { kind: LinkKind; id: number; onClear: () => void }) {
  const { entity, loading } = useLinkedEntityState(kind, id);
  const label = LINK_LABELS[kind];
  return (
    <Row role="group" aria-label={`تصفية ${label}`}>
      <Badge tone="info">
        {label}:{' '}
        {entity ? (
          <>
            {entity.name}
            {entity.code ? (
              <>
                {' '}
                (<LtrText>{entity.code}</LtrText>)
              </>
            ) : null}
          </>
        ) : (
          linkPendingText(loading)
        )}
      </Badge>
      <IconButton icon="close" size="sm" label={`إلغاء تصفية ${label}`} onClick={onClear} />
    </Row>
  );
}

/**
 * The linked-record filter: the family, organisation, programme or service the list is narrowed
 * to (a panel on their page links here with it) as chips, and a dialog to pick one.
 */
function LinkedFilter({ list }: { list: RecordsListState }) {
  const { filter } = list.state;
  const canLink = useCanLink();
  const offered = LINK_KINDS.filter((kind) => canLink[kind]);
  const [picking, setPicking] = useState(false);
  const [kind, setKind] = useState<LinkKind>(offered[0] ?? 'family');

  return (
    <>
      {LINK_KINDS.map((linkKind) => {
        const id = filter[LINK_FIELDS[linkKind]];
        return id === undefined ? null : (
          <LinkChip
            key={linkKind}
            kind={linkKind}
            id={id}
            onClear={() => list.setFilter(LINK_FIELDS[linkKind], undefined)}
          />
        );
      })}
      {offered.length > 0 ? (
        <Button variant="secondary" icon="filter" onClick={() => setPicking(true)}>
          تصفية بجهة مرتبطة
        </Button>
      ) : null}
      <Dialog open={picking} onClose={() => setPicking(false)} title="قيود مرتبطة بـ" size="lg">
        <Stack $gap="md">
          <ChoiceGroup legend="نوع الارتباط">
            {offered.map((option) => (
              <RadioField
                key={option}
                label={LINK_LABELS[option]}
                name="finance-link-kind"
                value={option}
                checked={kind === option}
                onChange={() => setKind(option)}
              />
            ))}
          </ChoiceGroup>
          <LinkPicker
            key={kind}
            kind={kind}
            selectedId={filter[LINK_FIELDS[kind]] ?? null}
            onSelect={(entity) => {
              setPicking(false);
              list.setFilter(LINK_FIELDS[entity.kind], entity.id);
            }}
          />
        </Stack>
      </Dialog>
    </>
  );
}

/**
 * The records list's search box and filters; every change goes to the URL (and the totals). The
 * period stays in the bar (Gregorian only, so it fits); the rest is behind «المزيد من عوامل
 * التصفية» (open while one of them is set), so the list starts on the first screen at 1366×768.
 */
export function RecordsFilters({ list }: { list: RecordsListState }) {
  const { filter } = list.state;
  const categories = useFinancialCategories();
  const errors = financialListFilterErrors(filter);
  const direction = filter.direction?.length === 1 ? filter.direction[0] : undefined;
  const moreActive = [
    filter.direction,
    filter.status,
    filter.payment_method,
    filter.category_id,
    filter.amount_min,
    filter.amount_max,
    ...LINK_KINDS.map((kind) => filter[LINK_FIELDS[kind]]),
    filter.restricted,
    filter.zakat,
  ].some((value) => value !== undefined);

  return (
    <ListFilterBar
      list={list}
      label="تصفية السجلات المالية"
      searchPlaceholder="المرجع، الإيصال، رقم الملف، الاسم أو الجهة"
      moreActive={moreActive}
      more={
        <>
          <FilterSelects
            list={list}
            selects={[
              {
                name: 'direction',
                label: 'النوع',
                all: 'الإيرادات والمصروفات',
                items: FINANCE_DIRECTIONS,
              },
              {
                name: 'status',
                label: 'الحالة',
                all: 'كل الحالات',
                items: FINANCIAL_RECORD_STATUSES,
              },
              {
                name: 'payment_method',
                label: 'طريقة الدفع',
                all: 'كل الطرق',
                items: PAYMENT_METHODS,
              },
            ]}
          />
          <SelectField
            label="التصنيف"
            placeholder="كل التصنيفات"
            options={categoryOptions(categories.data, direction)}
            value={optionalValue(filter.category_id)}
            onChange={(event) => list.setFilter('category_id', idFromSelect(event.target.value))}
          />
          <AmountFilterField
            label="المبلغ من"
            value={filter.amount_min}
            onCommit={(value) => list.setFilter('amount_min', value)}
          />
          <AmountFilterField
            label="المبلغ إلى"
            value={filter.amount_max}
            error={errors?.['filter.amount_max']?.[0]}
            onCommit={(value) => list.setFilter('amount_max', value)}
          />
          <LinkedFilter list={list} />
          <CheckboxField
            label="الأموال المقيدة فقط"
            checked={filter.restricted === true}
            onChange={(event) =>
              list.setFilter('restricted', event.target.checked ? true : undefined)
            }
          />
          <CheckboxField
            label="الزكاة فقط"
            checked={filter.zakat === true}
            onChange={(event) => list.setFilter('zakat', event.target.checked ? true : undefined)}
          />
        </>
      }
    >
      <DateField
        label="من تاريخ"
        showHijri={false}
        allowHijri={false}
        value={filter.from ?? ''}
        onChange={(event) => list.setFilter('from', event.target.value || undefined)}
      />
      <DateField
        label="إلى تاريخ"
        showHijri={false}
        allowHijri={false}
        value={filter.to ?? ''}
        error={errors?.['filter.to']?.[0]}
        onChange={(event) => list.setFilter('to', event.target.value || undefined)}
      />
    </ListFilterBar>
  );
}
