import type { Kysely } from 'kysely';
import { todayIso, type FieldReader } from 'shared-contracts';
import {
  FAMILY_EXPORT_COLUMNS,
  FAMILY_STATUSES,
  RELATIONSHIPS,
  GENDERS,
  ID_TYPES,
  labelOf,
} from 'shared-contracts/beneficiaries';
import {
  ATTENDANCE_VALUES,
  AUDIENCE_EXPORT_COLUMNS,
  AUDIENCE_STATES,
  SURVEY_ANSWERS_EXPORT_COLUMNS,
} from 'shared-contracts/engagement';
import {
  FINANCIAL_RECORD_EXPORT_COLUMNS,
  financialRecordListQuerySchema,
} from 'shared-contracts/finance';
import {
  consentMethodLabel,
  consentPurposeLabel,
} from 'shared-contracts/resources/consents-contracts';
import { consentsResource } from 'shared-contracts/resources/consents';
import { DOCUMENT_KIND_LABELS } from 'shared-contracts/resources/documents-contracts';
import { documentsResource } from 'shared-contracts/resources/documents';
import { familyAccessKindLabel } from 'shared-contracts/resources/family-access-contracts';
import { familiesResource } from 'shared-contracts/resources/families';
import {
  FAMILY_DATA_DOCUMENTS_FOLDER,
  FAMILY_DATA_HEADERS as H,
  FAMILY_DATA_SHEETS,
  type FamilyDataSheet,
} from 'shared-contracts/resources/personal-data-contracts';
import {
  VISIT_EXPORT_COLUMNS,
  visitListQuerySchema,
} from 'shared-contracts/resources/visits-contracts';
import { SERVICE_EXPORT_COLUMNS, serviceListQuerySchema } from 'shared-contracts/services';
import type { Database } from '../../../db/tables';
import type { ExportColumnSpec, ExportValue, WorkbookSheet } from '../../../http/export';
import { listFamilyConsents } from '../../consents';
import { recordExportRows } from '../../finance';
import type { LookupSet } from '../../lookups';
import { serviceExportRows } from '../../services';
import { surveyAnswerRows } from '../../surveys';
import { visitExportRows } from '../../visits';
import {
  familyDocuments,
  familyLists,
  familyLooks,
  familyMembers,
  familySeminarPlaces,
  familyStatusHistory,
  type FamilyDocument,
  type FamilyFacts,
} from '../repository';

/**
 * The workbook of a family's data export (docs/personal-data.md#the-data-export): one sheet per
 * kind of data kept about the family, every header the product's own Arabic label for the field,
 * every value as people read it — lookup labels for codes, نعم/لا, dates as `YYYY-MM-DD`, times
 * in Riyadh time, money as decimal text in riyals. One family's data is small (its members, its
 * records): each sheet's rows are read before the download starts, so a failing read is an error
 * answer rather than a broken file.
 */

type Row = Record<string, ExportValue>;

export interface DataSheet extends WorkbookSheet {
  key: FamilyDataSheet;
  rows: () => Iterable<Row>;
  /** How many rows, for the activity log. */
  count: number;
}

/**
 * Whoever takes the export reads the family's records in full, medical services included: the
 * export is the person's own data, and its endpoint already takes manage_personal_data.
 */
const WHOLE_FILE_READER: FieldReader = { permissions: ['show_services'] };

const timeFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Riyadh',
});

const yesNo = (value: boolean): string => (value ? 'نعم' : 'لا');
const time = (value: Date | string | null): string | null =>
  value === null ? null : timeFormat.format(new Date(value));
const day = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : todayIso(value);
/**
 * Money as decimal text in riyals: the database's numeric text as it is (exact), an existing
 * export's number (it writes spreadsheet numbers) to the halala.
 */
const riyals = (value: ExportValue): string | null => {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value.toFixed(2) : String(value);
};

const FAMILY = familiesResource.activity.family.fields;
const MEMBER = familiesResource.activity.family_member.fields;
const CONSENT = consentsResource.fields;
const DOCUMENT = documentsResource.fields;
const familyColumn = (key: string): string =>
  FAMILY_EXPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;

/** An existing export's rows, its money columns turned into decimal text. */
async function fromExport(rows: AsyncIterable<Row>, money: readonly string[] = []): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of rows) {
    for (const key of money) row[key] = riyals(row[key]);
    out.push(row);
  }
  return out;
}

function sheet(key: FamilyDataSheet, columns: readonly ExportColumnSpec[], rows: Row[]): DataSheet {
  return {
    key,
    title: FAMILY_DATA_SHEETS[key],
    columns: columns.map((column) => ({ width: 22, ...column })),
    rows: () => rows,
    count: rows.length,
  };
}

/** The family itself, one field a row. */
async function familySheet(
  db: Kysely<Database>,
  family: FamilyFacts,
  lookups: LookupSet,
): Promise<DataSheet> {
  const lists = await familyLists(db, family.id);
  const pairs: [string, ExportValue][] = [
    [FAMILY.file_number, family.file_number],
    [FAMILY.status, labelOf(FAMILY_STATUSES, family.status)],
    [FAMILY.status_reason, family.status_reason],
    [FAMILY.head_name, family.head_name],
    [familyColumn('head_national_id'), family.head_national_id],
    [FAMILY.primary_phone, family.primary_phone],
    [FAMILY.alt_phone, family.alt_phone],
    [FAMILY.city, family.city === null ? null : lookups.label('cities', family.city)],
    [
      FAMILY.district,
      family.district === null ? null : lookups.label('districts', family.district),
    ],
    [FAMILY.address, family.address],
    [FAMILY.national_address_short_code, family.national_address_short_code],
    [
      FAMILY.housing_type,
      family.housing_type === null ? null : lookups.label('housing_types', family.housing_type),
    ],
    [
      FAMILY.housing_ownership,
      family.housing_ownership === null
        ? null
        : lookups.label('housing_ownerships', family.housing_ownership),
    ],
    [FAMILY.monthly_rent, riyals(family.monthly_rent)],
    [familyColumn('members_count'), family.members_count],
    [familyColumn('total_income'), riyals(family.total_income)],
    [familyColumn('per_capita_income'), riyals(family.per_capita_income)],
    [
      FAMILY.income_sources,
      lists.incomes
        .map(
          (income) =>
            `${lookups.label('income_source_types', income.source)}: ${riyals(income.amount)}`,
        )
        .join('، ') || null,
    ],
    [
      FAMILY.categories,
      lists.categories.map((code) => lookups.label('family_categories', code)).join('، ') || null,
    ],
    [
      FAMILY.needs,
      lists.needs
        .map(
          (need) =>
            `${lookups.label('need_types', need.need_type)} (${lookups.label('need_priorities', need.priority)})` +
            (need.description ? `: ${need.description}` : ''),
        )
        .join('، ') || null,
    ],
    [FAMILY.consent_data_processing, yesNo(family.consent_data_processing)],
    [FAMILY.consent_share_with_partners, yesNo(family.consent_share_with_partners)],
    [H.consent_date, time(family.consent_date)],
    [H.consent_by, family.consent_by_name],
    [FAMILY.researcher, family.researcher_name],
    [FAMILY.next_reassessment_date, day(family.next_reassessment_date)],
    [FAMILY.notes, family.notes],
    [familyColumn('created_at'), time(family.created_at)],
  ];
  return sheet(
    'family',
    [
      { key: 'field', header: H.field, width: 30 },
      { key: 'value', header: H.value, width: 50 },
    ],
    pairs.map(([field, value]) => ({ field, value })),
  );
}

async function membersSheet(
  db: Kysely<Database>,
  familyId: number,
  lookups: LookupSet,
): Promise<DataSheet> {
  const label = (name: Parameters<LookupSet['label']>[0], code: string | null) =>
    code === null ? null : lookups.label(name, code);
  const rows = (await familyMembers(db, familyId)).map((member) => ({
    full_name: member.full_name,
    full_name_en: member.full_name_en,
    relationship: member.relationship === null ? null : labelOf(RELATIONSHIPS, member.relationship),
    national_id: member.national_id,
    id_type: member.id_type === null ? null : labelOf(ID_TYPES, member.id_type),
    id_expiry_date: day(member.id_expiry_date),
    gender: member.gender === null ? null : labelOf(GENDERS, member.gender),
    birth_date: day(member.birth_date),
    marital_status: label('marital_statuses', member.marital_status),
    health_status: label('health_statuses', member.health_status),
    disabilities:
      member.disabilities.map((code) => lookups.label('disability_types', code)).join('، ') || null,
    education_level: label('education_levels', member.education_level),
    employment_status: label('employment_statuses', member.employment_status),
    occupation: member.occupation,
    monthly_income: riyals(member.monthly_income),
    is_pregnant: yesNo(member.is_pregnant),
    is_lactating: yesNo(member.is_lactating),
    phone: member.phone,
    active: yesNo(member.active),
    start_date: day(member.start_date),
    end_date: day(member.end_date),
    end_reason: member.end_reason,
  }));
  const keys = [
    'full_name',
    'full_name_en',
    'relationship',
    'national_id',
    'id_type',
    'id_expiry_date',
    'gender',
    'birth_date',
    'marital_status',
    'health_status',
    'disabilities',
    'education_level',
    'employment_status',
    'occupation',
    'monthly_income',
    'is_pregnant',
    'is_lactating',
    'phone',
    'active',
  ] as const;
  return sheet(
    'members',
    [
      ...keys.map((key) => ({ key, header: MEMBER[key] })),
      { key: 'start_date', header: H.member_start_date },
      { key: 'end_date', header: H.member_end_date },
      { key: 'end_reason', header: H.member_end_reason },
    ],
    rows,
  );
}

async function statusHistorySheet(db: Kysely<Database>, familyId: number): Promise<DataSheet> {
  const rows = (await familyStatusHistory(db, familyId)).map((row) => ({
    from_status: row.from_status === null ? null : labelOf(FAMILY_STATUSES, row.from_status),
    to_status: labelOf(FAMILY_STATUSES, row.to_status),
    reason: row.reason,
    at: time(row.at),
    by: row.by_name,
  }));
  return sheet(
    'status_history',
    [
      { key: 'from_status', header: H.from_status },
      { key: 'to_status', header: H.to_status },
      { key: 'reason', header: FAMILY.status_reason },
      { key: 'at', header: H.at },
      { key: 'by', header: H.by },
    ],
    rows,
  );
}

async function seminarsSheet(db: Kysely<Database>, familyId: number): Promise<DataSheet> {
  const audience = (key: string) =>
    AUDIENCE_EXPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;
  const rows = (await familySeminarPlaces(db, familyId)).map((row) => ({
    seminar: row.title,
    starts_at: time(row.starts_at),
    venue: row.venue,
    name: row.person_name,
    state: labelOf(AUDIENCE_STATES, row.state),
    waiting_position: row.state === 'waiting' ? row.position : null,
    attendance: row.attendance === null ? null : labelOf(ATTENDANCE_VALUES, row.attendance),
    attendance_at: time(row.attendance_at),
    promoted: row.promoted_at === null ? null : yesNo(true),
    override_note: row.override_note,
  }));
  return sheet(
    'seminars',
    [
      { key: 'seminar', header: H.seminar },
      { key: 'starts_at', header: H.seminar_starts_at },
      { key: 'venue', header: H.venue },
      ...['name', 'state', 'waiting_position', 'attendance'].map((key) => ({
        key,
        header: audience(key),
      })),
      { key: 'attendance_at', header: H.attendance_at },
      ...['promoted', 'override_note'].map((key) => ({ key, header: audience(key) })),
    ],
    rows,
  );
}

async function consentsSheet(db: Kysely<Database>, familyId: number): Promise<DataSheet> {
  const rows = (await listFamilyConsents(db, familyId)).map((consent) => ({
    purpose: consentPurposeLabel(consent.purpose),
    current: yesNo(consent.withdrawal === null),
    method: consentMethodLabel(consent.method),
    given_on: consent.given_on,
    witness_name: consent.witness_name,
    document: consent.document?.file_name ?? null,
    note: consent.note,
    recorded_by: consent.recorded_by?.name ?? null,
    recorded_at: time(consent.recorded_at),
    withdrawn_on: consent.withdrawal?.withdrawn_on ?? null,
    withdrawal_reason: consent.withdrawal?.reason ?? null,
    withdrawn_by: consent.withdrawal?.withdrawn_by?.name ?? null,
  }));
  return sheet(
    'consents',
    [
      { key: 'purpose', header: CONSENT.purpose },
      { key: 'current', header: H.current },
      { key: 'method', header: CONSENT.method },
      { key: 'given_on', header: CONSENT.given_on },
      { key: 'witness_name', header: CONSENT.witness_name },
      { key: 'document', header: CONSENT.document },
      { key: 'note', header: CONSENT.note },
      { key: 'recorded_by', header: H.recorded_by },
      { key: 'recorded_at', header: H.recorded_at },
      { key: 'withdrawn_on', header: CONSENT.withdrawn_on },
      { key: 'withdrawal_reason', header: CONSENT.withdrawal_reason },
      { key: 'withdrawn_by', header: H.withdrawn_by },
    ],
    rows,
  );
}

/** A document of the family, and whether the store holds its content. */
export interface ExportedDocument extends FamilyDocument {
  stored: boolean;
}

/** Where a document sits in the ZIP: its id first, so two of the same name never collide. */
export function documentPath(document: Pick<FamilyDocument, 'id' | 'file_name'>): string {
  // Folder separators, control characters and Windows-reserved characters cannot name a file.
  const name = document.file_name.replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_').trim() || 'file';
  return `${FAMILY_DATA_DOCUMENTS_FOLDER}/${document.id}-${name}`;
}

function documentsSheet(documents: readonly ExportedDocument[]): DataSheet {
  const rows = documents.map((document) => ({
    file_name: document.file_name,
    kind: DOCUMENT_KIND_LABELS[document.kind],
    attached_to:
      document.service_id !== null
        ? `${DOCUMENT.service} ${document.service_id}`
        : document.financial_record_id !== null
          ? `${DOCUMENT.financial_record} ${document.financial_record_id}`
          : DOCUMENT.family,
    member: document.member_name,
    size: document.size,
    expires_on: day(document.expires_on),
    note: document.note,
    uploaded_by: document.created_by_name,
    uploaded_at: time(document.created_at),
    path: document.stored ? documentPath(document) : H.missing_content,
  }));
  return sheet(
    'documents',
    [
      { key: 'file_name', header: DOCUMENT.file_name },
      { key: 'kind', header: DOCUMENT.kind },
      { key: 'attached_to', header: H.attached_to },
      { key: 'member', header: DOCUMENT.member },
      { key: 'size', header: DOCUMENT.size },
      { key: 'expires_on', header: DOCUMENT.expires_on },
      { key: 'note', header: DOCUMENT.note },
      { key: 'uploaded_by', header: H.uploaded_by },
      { key: 'uploaded_at', header: H.uploaded_at },
      { key: 'path', header: H.path, width: 40 },
    ],
    rows,
  );
}

async function accessLogSheet(db: Kysely<Database>, familyId: number): Promise<DataSheet> {
  const rows = (await familyLooks(db, familyId)).map((look) => ({
    employee: look.name,
    look: familyAccessKindLabel(look.kind),
    document: look.file_name,
    at: time(look.at),
  }));
  return sheet(
    'access_log',
    [
      { key: 'employee', header: H.employee },
      { key: 'look', header: H.look },
      { key: 'document', header: H.document },
      { key: 'at', header: H.at },
    ],
    rows,
  );
}

/** Every sheet of the family's workbook, in `FAMILY_DATA_SHEETS` order, and its documents. */
export async function familyDataSheets(
  db: Kysely<Database>,
  family: FamilyFacts,
  lookups: LookupSet,
  isStored: (sha256: string) => Promise<boolean>,
): Promise<{ sheets: DataSheet[]; documents: ExportedDocument[] }> {
  const today = todayIso();
  const byFamily = { filter: { family_id: family.id } };
  // A document whose content is missing from the store (a restore without its files) is listed
  // as such rather than breaking the ZIP halfway through the download.
  const documents = await Promise.all(
    (await familyDocuments(db, family.id)).map(async (document) => ({
      ...document,
      stored: await isStored(document.sha256),
    })),
  );
  const sheets = [
    await familySheet(db, family, lookups),
    await membersSheet(db, family.id, lookups),
    await statusHistorySheet(db, family.id),
    sheet(
      'services',
      SERVICE_EXPORT_COLUMNS,
      await fromExport(serviceExportRows(db, serviceListQuerySchema.parse(byFamily), today), [
        'cost',
      ]),
    ),
    sheet(
      'financial_records',
      FINANCIAL_RECORD_EXPORT_COLUMNS,
      await fromExport(
        recordExportRows(db, financialRecordListQuerySchema.parse(byFamily), WHOLE_FILE_READER),
        ['amount'],
      ),
    ),
    await seminarsSheet(db, family.id),
    sheet(
      'survey_answers',
      [{ key: 'survey', header: H.survey }, ...SURVEY_ANSWERS_EXPORT_COLUMNS],
      await fromExport(surveyAnswerRows(db, { familyId: family.id })),
    ),
    sheet(
      'visits',
      VISIT_EXPORT_COLUMNS,
      await fromExport(visitExportRows(db, visitListQuerySchema.parse(byFamily), today)),
    ),
    await consentsSheet(db, family.id),
    documentsSheet(documents),
    await accessLogSheet(db, family.id),
  ];
  return { sheets, documents };
}
