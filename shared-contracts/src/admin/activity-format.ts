import {
  DISABILITY_TYPES,
  DISTRIBUTION_KINDS,
  EDUCATION_LEVELS,
  EMPLOYMENT_STATUSES,
  FAMILY_CATEGORIES,
  GENDERS,
  HEALTH_STATUSES,
  HOUSING_OWNERSHIPS,
  HOUSING_TYPES,
  ID_TYPES,
  INCOME_SOURCE_TYPES,
  MARITAL_STATUSES,
  NEED_PRIORITIES,
  NEED_TYPES,
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  RELATIONSHIPS,
  SAUDI_CITIES,
  SAUDI_DISTRICTS,
  SEASON_KINDS,
  labelOf,
  type LookupItem,
} from '../beneficiaries/lookups';
import { FAMILY_STATUSES } from '../beneficiaries/family-status';
import {
  FAMILY_IMPORT_DECISION_FIELD,
  IMPORT_RESOLUTION_LABELS,
  IMPORT_STATUS_LABELS,
  familyImportDecisionLabel,
} from '../beneficiaries/family-import';
import { SEASON_BENEFICIARY_STATUSES, SEASON_STATUSES } from '../beneficiaries/season';
import { formatPhoneForDisplay } from '../core/identifiers/display';
import { riyalsText } from '../core/display-text';
import { PERMISSION_LABELS, isPermissionKey } from '../permissions';
import { SERVICE_STATUSES } from '../services/service';
import { FINANCE_DIRECTIONS } from '../finance/category';
import { FINANCIAL_RECORD_STATUSES, PAYMENT_METHODS } from '../finance/record';
import { SEMINAR_STATUSES } from '../engagement/seminars/seminar';
import {
  SURVEY_GROUP_KINDS,
  SURVEY_STATUSES,
  SURVEY_TARGETS,
  SURVEY_TEMPLATE_STATUSES,
} from '../engagement/surveys/common';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_MIME_TYPE_LABELS,
  formatFileSize,
} from '../resources/documents-contracts';
import { ACTIVITY_ENTITY_LABELS, SECRET_CHANGED_MARKER } from './activity-log';
import { DECLARED_ACTIVITY_ENTITIES } from '../resources';
import { roleLabel } from './role-labels';

/**
 * One reading of a logged change (a readable history): the Arabic name of each field the
 * API records in an activity row's `changes`, per entity type, and each old/new value in the
 * words and display formats of the forms (lookup labels, money in riyals, dates, local phones).
 * The family timeline and the activity-tracking page both use it; `api-server/test/
 * activity-labels.test.ts` fails when the API logs a field its declaration does not name.
 */

/**
 * Field labels by entity type (`ACTIVITY_ENTITY_LABELS`' keys), read from the resource
 * declarations, the one table of them: each entity type's own `fields`, else its resource's
 * record fields (`resources/registry.ts`).
 */
export const ACTIVITY_FIELD_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> =
  Object.fromEntries(
    DECLARED_ACTIVITY_ENTITIES.flatMap(({ entityType, fields }) =>
      fields ? [[entityType, fields]] : [],
    ),
  );

/** The Arabic label of a logged field, or `undefined` when no table names it. */
export function findActivityFieldLabel(
  entityType: string | null,
  field: string,
): string | undefined {
  const table = entityType ? ACTIVITY_FIELD_LABELS[entityType] : undefined;
  const last = field.split('.').at(-1) ?? field;
  const decisionRow =
    entityType === 'family_import' ? FAMILY_IMPORT_DECISION_FIELD.exec(field)?.[1] : undefined;
  if (decisionRow) return familyImportDecisionLabel(decisionRow);
  return table?.[field] ?? table?.[last];
}

/** A logged field for people: its label, else the field as written (never hidden). */
export function activityFieldLabel(entityType: string | null, field: string): string {
  return findActivityFieldLabel(entityType, field) ?? field;
}

export function activityEntityLabel(entityType: string | null): string | undefined {
  return entityType ? (ACTIVITY_ENTITY_LABELS[entityType] ?? entityType) : undefined;
}

/** The file format of a logged export (`format` of every export row). */
const EXPORT_FORMAT_LABELS: readonly LookupItem[] = [
  { code: 'xlsx', label: 'جدول إكسل' },
  { code: 'csv', label: 'ملف نصي مفصول بفواصل' },
  // A family's data export (docs/personal-data.md): a workbook and the documents, compressed.
  { code: 'zip', label: 'ملف مضغوط (جدول إكسل والمستندات)' },
];

/** How families were enrolled in a season (`mode` of the «enrol» row). */
const ENROLMENT_MODE_LABELS: readonly LookupItem[] = [
  { code: 'families', label: 'أسر مختارة' },
  { code: 'all_eligible', label: 'كل الأسر المستحقة' },
];

/** A label table as a lookup list (`labelOf` reads lists). */
function lookupOf(labels: Readonly<Record<string, string>>): readonly LookupItem[] {
  return Object.entries(labels).map(([code, label]) => ({ code, label }));
}
const IMPORT_RESOLUTION_ITEMS = lookupOf(IMPORT_RESOLUTION_LABELS);

/** Coded values: the lookup whose labels the forms show, by field name. */
const CODED_FIELDS: Record<string, readonly LookupItem[]> = {
  city: SAUDI_CITIES,
  district: SAUDI_DISTRICTS,
  housing_type: HOUSING_TYPES,
  housing_ownership: HOUSING_OWNERSHIPS,
  categories: FAMILY_CATEGORIES,
  relationship: RELATIONSHIPS,
  gender: GENDERS,
  id_type: ID_TYPES,
  marital_status: MARITAL_STATUSES,
  health_status: HEALTH_STATUSES,
  disabilities: DISABILITY_TYPES,
  education_level: EDUCATION_LEVELS,
  employment_status: EMPLOYMENT_STATUSES,
  format: EXPORT_FORMAT_LABELS,
};

/** Coded values of one entity type's own lists (a field name another domain uses differently). */
const CODED_FIELDS_BY_ENTITY: Record<string, Record<string, readonly LookupItem[]>> = {
  financial_record: {
    direction: FINANCE_DIRECTIONS,
    payment_method: PAYMENT_METHODS,
    status: FINANCIAL_RECORD_STATUSES,
  },
  financial_category: { direction: FINANCE_DIRECTIONS },
  seminar: { status: SEMINAR_STATUSES },
  survey_template: { status: SURVEY_TEMPLATE_STATUSES, target: SURVEY_TARGETS },
  survey: { status: SURVEY_STATUSES, group_kind: SURVEY_GROUP_KINDS },
  season: { mode: ENROLMENT_MODE_LABELS },
  document: { mime_type: lookupOf(DOCUMENT_MIME_TYPE_LABELS) },
};

const STATUS_BY_ENTITY: Record<string, readonly LookupItem[]> = {
  family: FAMILY_STATUSES,
  organisation: ORGANISATION_STATUSES,
  season: SEASON_STATUSES,
  season_beneficiary: SEASON_BENEFICIARY_STATUSES,
  service: SERVICE_STATUSES,
  family_import: lookupOf(IMPORT_STATUS_LABELS),
};

const KIND_BY_ENTITY: Record<string, readonly LookupItem[]> = {
  organisation: ORGANISATION_TYPES,
  season: SEASON_KINDS,
  distribution: DISTRIBUTION_KINDS,
  document: lookupOf(DOCUMENT_KIND_LABELS),
};

const MONEY_FIELDS = new Set([
  'monthly_rent',
  'monthly_income',
  'budget',
  'cash_amount',
  'amount',
  'value',
]);
const DATE_FIELDS = new Set([
  'birth_date',
  'id_expiry_date',
  'next_reassessment_date',
  'start_date',
  'end_date',
  'effective_date',
  'distributed_at',
  // a report's period (the view of the medical individuals, archives, export filters)
  'period_from',
  'period_to',
  'from',
  'to',
]);
const PHONE_FIELDS = new Set(['primary_phone', 'alt_phone', 'phone']);
/** Values that read left to right inside Arabic text (identifiers, emails, addresses). */
const LTR_FIELDS = new Set([
  'email',
  'website',
  'national_id',
  'file_number',
  'voucher_code',
  'registration_number',
  'family',
  // a document's fingerprint, and its name as uploaded (may end in a Latin extension)
  'sha256',
  'file_name',
]);

const numberFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Riyadh',
});

export const EMPTY_ACTIVITY_VALUE = '—';

const ORDER_LABELS = { asc: 'تصاعدي', desc: 'تنازلي' } as const;

/** Whole riyals without decimals ("1,500 ريال"), anything else to the halala ("850.50 ريال"). */
function money(value: number): string {
  return riyalsText(value);
}

function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** `"social_security: 1200"` (familyAudit) → "الضمان الاجتماعي: 1,200 ريال". */
function incomeSource(item: string): string {
  const match = /^([\w-]+):\s*(-?[\d.]+)$/.exec(item);
  if (!match?.[1] || !match[2]) return item;
  return `${labelOf(INCOME_SOURCE_TYPES, match[1])}: ${money(Number(match[2]))}`;
}

/** `"rent (high)"` (familyAudit) → "الإيجار (عالية)". */
function need(item: string): string {
  const match = /^([\w-]+)\s*\(([\w-]+)\)$/.exec(item);
  if (!match?.[1] || !match[2]) return labelOf(NEED_TYPES, item);
  return `${labelOf(NEED_TYPES, match[1])} (${labelOf(NEED_PRIORITIES, match[2])})`;
}

/** The list whose labels a coded field's values take: the entity's own first, then the shared ones. */
function codedListOf(entityType: string | null, field: string): readonly LookupItem[] | undefined {
  // An import's decision on one row (`row_<number>`): skip, update or create.
  if (entityType === 'family_import' && FAMILY_IMPORT_DECISION_FIELD.test(field))
    return IMPORT_RESOLUTION_ITEMS;
  const own = entityType ? CODED_FIELDS_BY_ENTITY[entityType] : undefined;
  return (own && Object.hasOwn(own, field) ? own[field] : undefined) ?? CODED_FIELDS[field];
}

export interface ActivityValueText {
  text: string;
  /** Isolate left to right (identifiers, phones, emails, amounts kept whole). */
  ltr: boolean;
}

/** One old or new value of a logged field, as people read it. */
export function describeActivityValue(
  entityType: string | null,
  field: string,
  value: unknown,
): ActivityValueText {
  const plain = (text: string): ActivityValueText => ({ text, ltr: false });
  if (value === null || value === undefined || value === '') return plain(EMPTY_ACTIVITY_VALUE);
  if (value === SECRET_CHANGED_MARKER) return plain(SECRET_CHANGED_MARKER);
  const last = field.split('.').at(-1) ?? field;
  if (typeof value === 'boolean') {
    if (entityType === 'employee' && last === 'active') return plain(value ? 'مفعل' : 'موقوف');
    return plain(value ? 'نعم' : 'لا');
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return plain('لا شيء');
    const items = value.map((item): string => {
      if (typeof item !== 'string') return describeActivityValue(entityType, last, item).text;
      if (last === 'income_sources') return incomeSource(item);
      if (last === 'needs') return need(item);
      if (last === 'permissions' && isPermissionKey(item)) return PERMISSION_LABELS[item];
      const coded = codedListOf(entityType, last);
      return coded ? labelOf(coded, item) : item;
    });
    return plain(items.join('، '));
  }
  if (MONEY_FIELDS.has(last)) {
    const n = readNumber(value);
    if (n !== null) return plain(money(n));
  }
  if (entityType === 'document' && last === 'size' && typeof value === 'number')
    return plain(formatFileSize(value));
  if (typeof value === 'number') return { text: numberFormat.format(value), ltr: false };
  if (typeof value === 'string') {
    if (DATE_FIELDS.has(last) && /^\d{4}-\d{2}-\d{2}/.test(value)) {
      const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (!Number.isNaN(date.getTime())) return plain(dateFormat.format(date));
    }
    if (PHONE_FIELDS.has(last)) return { text: formatPhoneForDisplay(value), ltr: true };
    if (last === 'role') return plain(roleLabel(value));
    if (last === 'status' && entityType) {
      const statuses = STATUS_BY_ENTITY[entityType];
      if (statuses) return plain(labelOf(statuses, value));
    }
    if ((last === 'kind' || last === 'type') && entityType) {
      const kinds = KIND_BY_ENTITY[entityType];
      if (kinds) return plain(labelOf(kinds, value));
    }
    if (last === 'income_sources') return plain(value.split(/;\s*/).map(incomeSource).join('، '));
    if (last === 'needs') return plain(value.split(/,\s*/).map(need).join('، '));
    const coded = codedListOf(entityType, last);
    if (coded)
      return plain(
        value
          .split(/,\s*/)
          .map((code) => labelOf(coded, code))
          .join('، '),
      );
    return { text: value, ltr: LTR_FIELDS.has(last) };
  }
  if (last === 'filters' && typeof value === 'object') {
    // An export's filters: each set one as "label: value", in the forms' words.
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== null && item !== undefined && item !== '')
      .map(([key, item]) => {
        const shown =
          key === 'sort' && typeof item === 'string'
            ? activityFieldLabel(entityType, item)
            : key === 'order' && (item === 'asc' || item === 'desc')
              ? ORDER_LABELS[item]
              : describeActivityValue(entityType, key, item).text;
        return `${activityFieldLabel(entityType, key)}: ${shown}`;
      });
    return plain(parts.length > 0 ? parts.join('؛ ') : 'بدون تصفية');
  }
  return { text: JSON.stringify(value), ltr: true };
}

export interface ActivityChangeText {
  field: string;
  label: string;
  before: ActivityValueText;
  after: ActivityValueText;
}

/** Every change of an activity row, labelled and formatted, in the order the API wrote them. */
export function describeActivityChanges(
  entityType: string | null,
  changes: Readonly<Record<string, readonly [unknown, unknown]>> | null | undefined,
): ActivityChangeText[] {
  return Object.entries(changes ?? {}).map(([field, [before, after]]) => ({
    field,
    label: activityFieldLabel(entityType, field),
    before: describeActivityValue(entityType, field, before),
    after: describeActivityValue(entityType, field, after),
  }));
}
