import { useCallback } from 'react';
import { normaliseArabic } from 'shared-contracts';
import {
  familyStatusLabel,
  seasonStatusLabel,
  type FamilyStatus,
  type SeasonStatus,
} from 'shared-contracts/beneficiaries';
import {
  financeFamilyOptionsQuery,
  financeOptionEndpoints,
  financeServiceOptionsQuery,
  type FinanceFamilyOption,
  type FinanceOptions,
  type FinanceServiceOption,
} from 'shared-contracts/finance';
import { serviceStatusLabel, type ServiceStatus } from 'shared-contracts/services';
import {
  LtrText,
  SearchPicker,
  formatDate,
  useCanCall,
  useEndpointQuery,
  type DataTableColumn,
} from 'shared-ui';

/**
 * The records a financial record may be linked to (family, organisation,
 * seasonal programme, service), each found through finance's own lookups
 * (`financeOptionEndpoints`, behind `show_financial`): whoever may record money may link it,
 * without the families, organisations, seasons or services keys. The lookups answer only what
 * linking needs (a family's file number, head and status; a medical service without its type
 * unless the employee may see medical services).
 */
export type LinkKind = 'family' | 'organisation' | 'season' | 'service';

export const LINK_KINDS: readonly LinkKind[] = ['family', 'organisation', 'season', 'service'];

export const LINK_LABELS: Record<LinkKind, string> = {
  family: 'الأسرة',
  organisation: 'الجهة',
  season: 'البرنامج الموسمي',
  service: 'الخدمة',
};

/** The record's field and the list filter of each link. */
export const LINK_FIELDS = {
  family: 'family_id',
  organisation: 'organisation_id',
  season: 'season_id',
  service: 'service_id',
} as const satisfies Record<LinkKind, string>;

const PAGE_SIZE = 8;

/** What a picked record is shown as: its name and, for a family, its file number. */
export interface LinkedEntity {
  readonly kind: LinkKind;
  readonly id: number;
  readonly name: string;
  /** The family's file number (an identifier, shown LTR). */
  readonly code?: string;
  /** A service's family (a linked service must belong to the linked family). */
  readonly familyId?: number;
  /** A family's file status (zakat goes to approved families only). */
  readonly familyStatus?: FamilyStatus;
}

export function familyEntity(
  family: Pick<FinanceFamilyOption, 'id' | 'head_name' | 'file_number' | 'status'>,
): LinkedEntity {
  return {
    kind: 'family',
    id: family.id,
    name: family.head_name,
    code: family.file_number,
    familyStatus: family.status,
  };
}

function serviceEntity(service: FinanceServiceOption): LinkedEntity {
  return {
    kind: 'service',
    id: service.id,
    name: `${service.name} — ${service.family.head_name}`,
    familyId: service.family.id,
  };
}

type NamedOption = FinanceOptions['organisations'][number] | FinanceOptions['seasons'][number];

/** Organisations or seasons whose name holds every typed word (Arabic-normalised, as the API searches). */
function byName<T extends NamedOption>(rows: readonly T[], term: string): T[] {
  const words = normaliseArabic(term).split(/\s+/).filter(Boolean);
  return rows
    .filter((row) => {
      const name = normaliseArabic(row.name);
      return words.every((word) => name.includes(word));
    })
    .slice(0, PAGE_SIZE);
}

/**
 * Whether the employee may link records of each kind: one rule for all four, finance's own
 * lookups (whoever may record money).
 */
export function useCanLink(): Record<LinkKind, boolean> {
  const families = useCanCall(financeOptionEndpoints.families);
  const options = useCanCall(financeOptionEndpoints.options);
  const services = useCanCall(financeOptionEndpoints.services);
  return { family: families, organisation: options, season: options, service: services };
}

/** A linked record by id: its entity once known, and whether its lookup is still loading. */
export interface LinkedEntityState {
  readonly entity: LinkedEntity | null;
  readonly loading: boolean;
}

/** The linked record of `kind` by id, for its name (`entity` null while loading, unknown or not allowed). */
export function useLinkedEntityState(
  kind: LinkKind,
  id: number | null | undefined,
): LinkedEntityState {
  const allowed = useCanLink()[kind];
  const on = (...kinds: LinkKind[]) => allowed && kinds.includes(kind) && id != null;
  const byId = { query: { 'filter[id]': String(id ?? '') } };
  const family = useEndpointQuery(financeOptionEndpoints.families, byId, {
    enabled: on('family'),
  });
  const options = useEndpointQuery(
    financeOptionEndpoints.options,
    {},
    { enabled: on('organisation', 'season') },
  );
  const service = useEndpointQuery(financeOptionEndpoints.services, byId, {
    enabled: on('service'),
  });
  if (id === null || id === undefined) return { entity: null, loading: false };
  switch (kind) {
    case 'family': {
      const row = family.data?.data.find((entry) => entry.id === id);
      return { entity: row ? familyEntity(row) : null, loading: family.isLoading };
    }
    case 'organisation':
    case 'season': {
      const rows =
        kind === 'season' ? options.data?.data.seasons : options.data?.data.organisations;
      const row = rows?.find((entry) => entry.id === id);
      return { entity: row ? { kind, id, name: row.name } : null, loading: options.isLoading };
    }
    case 'service': {
      const row = service.data?.data.find((entry) => entry.id === id);
      return { entity: row ? serviceEntity(row) : null, loading: service.isLoading };
    }
  }
}

/** The linked record of `kind` by id, for its name (null while loading, unknown or not allowed). */
export function useLinkedEntity(
  kind: LinkKind,
  id: number | null | undefined,
): LinkedEntity | null {
  return useLinkedEntityState(kind, id).entity;
}

/** What a link whose name is not known says instead (never a bare `#id`). */
export function linkPendingText(loading: boolean): string {
  return loading ? 'جارٍ تحميل الاسم…' : 'تعذر عرض الاسم';
}

const FAMILY_COLUMNS: readonly DataTableColumn<FinanceFamilyOption>[] = [
  { id: 'file_number', header: 'رقم الملف', cell: (row) => <LtrText>{row.file_number}</LtrText> },
  { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
  { id: 'status', header: 'حالة الملف', cell: (row) => familyStatusLabel(row.status) },
];
const ORGANISATION_COLUMNS: readonly DataTableColumn<FinanceOptions['organisations'][number]>[] = [
  { id: 'name', header: 'الجهة', cell: (row) => row.name },
];
const SEASON_COLUMNS: readonly DataTableColumn<FinanceOptions['seasons'][number]>[] = [
  { id: 'name', header: 'البرنامج', cell: (row) => row.name },
  { id: 'start_date', header: 'يبدأ', nowrap: true, cell: (row) => formatDate(row.start_date) },
  { id: 'status', header: 'الحالة', cell: (row) => seasonStatusLabel(row.status as SeasonStatus) },
];
const SERVICE_COLUMNS: readonly DataTableColumn<FinanceServiceOption>[] = [
  { id: 'type', header: 'الخدمة', cell: (row) => row.name },
  { id: 'family', header: 'الأسرة', cell: (row) => row.family.head_name },
  {
    id: 'status',
    header: 'الحالة',
    cell: (row) => serviceStatusLabel(row.status as ServiceStatus),
  },
  {
    id: 'request_date',
    header: 'تاريخ الطلب',
    nowrap: true,
    cell: (row) => formatDate(row.request_date),
  },
];

export interface LinkPickerProps {
  readonly kind: LinkKind;
  readonly selectedId: number | null;
  readonly onSelect: (entity: LinkedEntity) => void;
  /** Services of this family only (the linked service must belong to the linked family). */
  readonly familyId?: number | null;
  readonly error?: string | undefined;
}

/** Searches records of `kind` by name (the API normalises the Arabic) and picks one. */
export function LinkPicker({ kind, selectedId, onSelect, familyId, error }: LinkPickerProps) {
  const label = `ابحث عن ${LINK_LABELS[kind]}`;
  const common = {
    label,
    error,
    prompt: 'اكتب للبحث، ثم اختر من النتائج.',
    emptyTitle: 'لا توجد نتائج مطابقة',
    caption: `نتائج البحث: ${LINK_LABELS[kind]}`,
    rowKey: 'id' as const,
  };
  const familyParams = useCallback(
    (term: string) => financeFamilyOptionsQuery.toParams({ search: term, per_page: PAGE_SIZE }),
    [],
  );
  const serviceParams = useCallback(
    (term: string) =>
      financeServiceOptionsQuery.toParams({
        search: term,
        per_page: PAGE_SIZE,
        filter: { family_id: familyId ?? undefined },
      }),
    [familyId],
  );
  // Organisations and programmes are few: one answer (no query), searched here by name.

  switch (kind) {
    case 'family':
      return (
        <SearchPicker
          {...common}
          hint="رقم الملف أو اسم رب الأسرة أو رقم الهوية أو الجوال"
          endpoint={financeOptionEndpoints.families}
          query={familyParams}
          rows={(answer): readonly FinanceFamilyOption[] => answer.data}
          columns={FAMILY_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect(familyEntity(row))}
          pickLabel={(row) => `اختيار أسرة ${row.head_name} (${row.file_number})`}
        />
      );
    case 'organisation':
      return (
        <SearchPicker
          {...common}
          hint="اسم الجهة"
          endpoint={financeOptionEndpoints.options}
          rows={(answer, term) => byName(answer.data.organisations, term)}
          columns={ORGANISATION_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect({ kind, id: row.id, name: row.name })}
          pickLabel={(row) => `اختيار الجهة ${row.name}`}
        />
      );
    case 'season':
      return (
        <SearchPicker
          {...common}
          hint="اسم البرنامج الموسمي"
          endpoint={financeOptionEndpoints.options}
          rows={(answer, term) => byName(answer.data.seasons, term)}
          columns={SEASON_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect({ kind, id: row.id, name: row.name })}
          pickLabel={(row) => `اختيار البرنامج ${row.name}`}
        />
      );
    case 'service':
      return (
        <SearchPicker
          {...common}
          hint={familyId ? 'خدمات الأسرة المختارة فقط' : 'نوع الخدمة أو رقم الملف أو اسم رب الأسرة'}
          // The chosen family's services show at once; otherwise a search is needed.
          {...(familyId ? { minLength: 0 } : {})}
          endpoint={financeOptionEndpoints.services}
          query={serviceParams}
          rows={(answer): readonly FinanceServiceOption[] => answer.data}
          columns={SERVICE_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect(serviceEntity(row))}
          pickLabel={(row) => `اختيار خدمة ${row.name} لأسرة ${row.family.head_name}`}
        />
      );
  }
}
