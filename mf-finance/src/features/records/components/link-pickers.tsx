import { useCallback } from 'react';
import { endpointQueryKey } from 'shared-contracts';
import {
  familyEndpoints,
  familyListQuery,
  familyStatusLabel,
  organisationEndpoints,
  organisationListQuery,
  seasonEndpoints,
  seasonListQuery,
  seasonStatusLabel,
  type Family,
  type FamilyStatus,
  type Organisation,
  type Season,
} from 'shared-contracts/beneficiaries';
import { serviceEndpoints, serviceListQuery, type Service } from 'shared-contracts/services';
import {
  LtrText,
  SearchPicker,
  formatDate,
  useCanCall,
  useEndpointCall,
  useEndpointQuery,
  type DataTableColumn,
} from 'shared-ui';

/**
 * The records a financial record may be linked to (reference §1.6: family, organisation,
 * seasonal programme, service), each found through its own domain's list endpoint — so a
 * picker is offered only to whoever may read that list (`useCanCall`).
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
  family: Pick<Family, 'id' | 'head_name' | 'file_number' | 'status'>,
): LinkedEntity {
  return {
    kind: 'family',
    id: family.id,
    name: family.head_name,
    code: family.file_number,
    familyStatus: family.status,
  };
}

function serviceEntity(service: Service): LinkedEntity {
  return {
    kind: 'service',
    id: service.id,
    name: `${service.service_type.name} — ${service.family.head_name}`,
    familyId: service.family.id,
  };
}

/** Whether the employee may search records of `kind` (its list's own permission). */
export function useCanLink(): Record<LinkKind, boolean> {
  return {
    family: useCanCall(familyEndpoints.list),
    organisation: useCanCall(organisationEndpoints.list),
    season: useCanCall(seasonEndpoints.list),
    service: useCanCall(serviceEndpoints.list),
  };
}

/** The linked record of `kind` by id, for its name (null while loading, unknown or not allowed). */
export function useLinkedEntity(
  kind: LinkKind,
  id: number | null | undefined,
): LinkedEntity | null {
  const allowed = useCanLink()[kind];
  const params = { id: String(id ?? '') };
  const on = (k: LinkKind) => allowed && kind === k && id !== null && id !== undefined;
  const family = useEndpointQuery(familyEndpoints.show, { params }, { enabled: on('family') });
  const organisation = useEndpointQuery(
    organisationEndpoints.show,
    { params },
    { enabled: on('organisation') },
  );
  const season = useEndpointQuery(seasonEndpoints.show, { params }, { enabled: on('season') });
  const service = useEndpointQuery(serviceEndpoints.show, { params }, { enabled: on('service') });
  if (id === null || id === undefined) return null;
  switch (kind) {
    case 'family':
      return family.data ? familyEntity(family.data.data) : null;
    case 'organisation':
      return organisation.data ? { kind, id, name: organisation.data.data.name } : null;
    case 'season':
      return season.data ? { kind, id, name: season.data.data.name } : null;
    case 'service':
      return service.data ? serviceEntity(service.data.data) : null;
  }
}

const FAMILY_COLUMNS: readonly DataTableColumn<Family>[] = [
  { id: 'file_number', header: 'رقم الملف', cell: (row) => <LtrText>{row.file_number}</LtrText> },
  { id: 'head_name', header: 'رب الأسرة', cell: (row) => row.head_name },
  { id: 'status', header: 'حالة الملف', cell: (row) => familyStatusLabel(row.status) },
];
const ORGANISATION_COLUMNS: readonly DataTableColumn<Organisation>[] = [
  { id: 'name', header: 'الجهة', cell: (row) => row.name },
  { id: 'city', header: 'المدينة', cell: (row) => row.city?.label ?? '' },
];
const SEASON_COLUMNS: readonly DataTableColumn<Season>[] = [
  { id: 'name', header: 'البرنامج', cell: (row) => row.name },
  { id: 'start_date', header: 'يبدأ', cell: (row) => formatDate(row.start_date) },
  { id: 'status', header: 'الحالة', cell: (row) => seasonStatusLabel(row.status) },
];
const SERVICE_COLUMNS: readonly DataTableColumn<Service>[] = [
  { id: 'type', header: 'الخدمة', cell: (row) => row.service_type.name },
  { id: 'family', header: 'الأسرة', cell: (row) => row.family.head_name },
  { id: 'request_date', header: 'تاريخ الطلب', cell: (row) => formatDate(row.request_date) },
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
  const call = useEndpointCall();
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
    (term: string) => familyListQuery.toParams({ search: term, per_page: PAGE_SIZE }),
    [],
  );
  const orgParams = useCallback(
    (term: string) => organisationListQuery.toParams({ search: term, per_page: PAGE_SIZE }),
    [],
  );
  const seasonParams = useCallback(
    (term: string) => seasonListQuery.toParams({ search: term, per_page: PAGE_SIZE }),
    [],
  );
  const serviceParams = useCallback(
    (term: string) =>
      serviceListQuery.toParams({
        search: term,
        per_page: PAGE_SIZE,
        filter: { family_id: familyId ?? undefined },
      }),
    [familyId],
  );

  switch (kind) {
    case 'family':
      return (
        <SearchPicker<Family>
          {...common}
          hint="رقم الملف أو اسم رب الأسرة أو رقم الهوية أو الجوال"
          queryKey={(term) => [
            ...endpointQueryKey(familyEndpoints.list, { query: familyParams(term) }),
            'finance-picker',
          ]}
          search={async (term) =>
            (await call(familyEndpoints.list, { query: familyParams(term) })).data
          }
          columns={FAMILY_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect(familyEntity(row))}
          pickLabel={(row) => `اختيار أسرة ${row.head_name} (${row.file_number})`}
        />
      );
    case 'organisation':
      return (
        <SearchPicker<Organisation>
          {...common}
          hint="اسم الجهة"
          queryKey={(term) => [
            ...endpointQueryKey(organisationEndpoints.list, { query: orgParams(term) }),
            'finance-picker',
          ]}
          search={async (term) =>
            (await call(organisationEndpoints.list, { query: orgParams(term) })).data
          }
          columns={ORGANISATION_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect({ kind, id: row.id, name: row.name })}
          pickLabel={(row) => `اختيار الجهة ${row.name}`}
        />
      );
    case 'season':
      return (
        <SearchPicker<Season>
          {...common}
          hint="اسم البرنامج الموسمي"
          queryKey={(term) => [
            ...endpointQueryKey(seasonEndpoints.list, { query: seasonParams(term) }),
            'finance-picker',
          ]}
          search={async (term) =>
            (await call(seasonEndpoints.list, { query: seasonParams(term) })).data
          }
          columns={SEASON_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect({ kind, id: row.id, name: row.name })}
          pickLabel={(row) => `اختيار البرنامج ${row.name}`}
        />
      );
    case 'service':
      return (
        <SearchPicker<Service>
          {...common}
          hint={familyId ? 'خدمات الأسرة المختارة فقط' : 'نوع الخدمة أو رقم الملف أو اسم رب الأسرة'}
          queryKey={(term) => [
            ...endpointQueryKey(serviceEndpoints.list, { query: serviceParams(term) }),
            'finance-picker',
          ]}
          search={async (term) =>
            (await call(serviceEndpoints.list, { query: serviceParams(term) })).data
          }
          columns={SERVICE_COLUMNS}
          isSelected={(row) => row.id === selectedId}
          onSelect={(row) => onSelect(serviceEntity(row))}
          pickLabel={(row) => `اختيار خدمة ${row.service_type.name} لأسرة ${row.family.head_name}`}
        />
      );
  }
}
