import { z } from 'zod';
import { normaliseArabic, normalisePhone, normaliseSaudiId } from 'shared-contracts';
import {
  FAMILY_IMPORT_COLUMNS,
  FAMILY_IMPORT_MESSAGES,
  MEMBER_IMPORT_COLUMNS,
  familySubmitSchema,
  isRecord,
  type DuplicateReason,
  type ImportMatch,
  type ImportRowState,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import { yieldToEventLoop } from '../../../db/yield';
import { checkFamilyReferences, toFamilyWrite } from '../../families';
import { registerJobHandler } from '../../jobs';
import { loadLookups } from '../../lookups';
import {
  addProcessedRows,
  familiesByHeadNameAndBirth,
  familiesByNationalIds,
  familiesByPhones,
  saveRowVerdicts,
  setImportProgress,
  setImportStatus,
  unvalidatedRows,
  validatedRows,
  type ImportFileRow,
  type RegisterMatch,
} from '../repository';
import { LookupReader, readCell, setPath } from './cells';
import { VALIDATE_JOB } from './upload';

const VALIDATE_BATCH = 200;

type FieldErrorMap = Record<string, string[]>;

function addError(errors: FieldErrorMap, path: string, message: string): void {
  const list = (errors[path] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** The keys a row may duplicate another on: its members' national IDs, its phone, its head's name and birth date. */
interface RowKeys {
  nationalIds: string[];
  phone: string | null;
  nameBirth: string | null;
}

function keysOf(body: unknown): RowKeys {
  if (!isRecord(body)) return { nationalIds: [], phone: null, nameBirth: null };
  const head = isRecord(body.head) ? body.head : {};
  const members = Array.isArray(body.members) ? body.members.filter(isRecord) : [];
  const nationalIds = [head, ...members]
    .map((member) => member.national_id)
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map(normaliseSaudiId);
  const phone = typeof body.primary_phone === 'string' ? normalisePhone(body.primary_phone) : null;
  const nameBirth =
    typeof head.full_name === 'string' && typeof head.birth_date === 'string'
      ? `${normaliseArabic(head.full_name)}|${head.birth_date}`
      : null;
  return { nationalIds, phone, nameBirth };
}

/**
 * A row's cells → the `POST /families` body, with the cells that could not be read as field
 * errors (the template's paths; a member's as `members.<n>.<field>`).
 */
export function buildBody(
  cells: unknown,
  reader: LookupReader,
): { body: Record<string, unknown>; errors: FieldErrorMap } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrorMap = {};
  const source = isRecord(cells) ? cells : {};
  for (const column of FAMILY_IMPORT_COLUMNS) {
    const result = readCell(column, source[column.path], reader, { city: body.city });
    if ('error' in result) addError(errors, column.path, result.error);
    else if ('value' in result) setPath(body, column.path, result.value);
  }
  const members = Array.isArray(source.members) ? source.members.filter(isRecord) : [];
  body.members = members.map((member, index) => {
    const built: Record<string, unknown> = {};
    for (const column of MEMBER_IMPORT_COLUMNS) {
      if (column.path === 'head_national_id') continue;
      const result = readCell(column, member[column.path], reader);
      if ('error' in result) addError(errors, `members.${index}.${column.path}`, result.error);
      else if ('value' in result) built[column.path] = result.value;
    }
    return built;
  });
  return { body, errors };
}

const validatePayload = z.object({ import_id: z.number().int() });

/** What the file's earlier rows hold, to find duplicates within the file. */
class FileMemory {
  private readonly nationalIds = new Map<string, number>();
  private readonly phones = new Map<string, number>();
  private readonly names = new Map<string, number>();

  remember(rowNumber: number, keys: RowKeys): void {
    for (const id of keys.nationalIds)
      if (!this.nationalIds.has(id)) this.nationalIds.set(id, rowNumber);
    if (keys.phone && !this.phones.has(keys.phone)) this.phones.set(keys.phone, rowNumber);
    if (keys.nameBirth && !this.names.has(keys.nameBirth))
      this.names.set(keys.nameBirth, rowNumber);
  }

  matches(keys: RowKeys): ImportMatch[] {
    const byRow = new Map<number, Set<DuplicateReason>>();
    const note = (row: number | undefined, reason: DuplicateReason) => {
      if (row === undefined) return;
      const reasons = byRow.get(row) ?? new Set<DuplicateReason>();
      reasons.add(reason);
      byRow.set(row, reasons);
    };
    for (const id of keys.nationalIds) note(this.nationalIds.get(id), 'national_id');
    if (keys.phone) note(this.phones.get(keys.phone), 'primary_phone');
    if (keys.nameBirth) note(this.names.get(keys.nameBirth), 'name_birth_date');
    return [...byRow].map(([row, reasons]) => ({
      certainty: reasons.has('national_id') ? 'certain' : 'possible',
      reasons: [...reasons],
      family: null,
      row_number: row,
    }));
  }
}

function registerMatches(
  keys: RowKeys,
  found: { ids: RegisterMatch[]; phones: RegisterMatch[]; names: RegisterMatch[] },
): ImportMatch[] {
  const byFamily = new Map<number, { match: RegisterMatch; reasons: Set<DuplicateReason> }>();
  const note = (match: RegisterMatch, reason: DuplicateReason) => {
    const entry = byFamily.get(match.family_id) ?? { match, reasons: new Set<DuplicateReason>() };
    entry.reasons.add(reason);
    byFamily.set(match.family_id, entry);
  };
  for (const match of found.ids)
    if (keys.nationalIds.includes(match.key)) note(match, 'national_id');
  for (const match of found.phones) if (keys.phone === match.key) note(match, 'primary_phone');
  for (const match of found.names) if (keys.nameBirth === match.key) note(match, 'name_birth_date');
  return [...byFamily.values()].map(({ match, reasons }) => ({
    certainty: reasons.has('national_id') ? 'certain' : 'possible',
    reasons: [...reasons],
    family: { id: match.family_id, file_number: match.file_number, head_name: match.head_name },
    row_number: null,
  }));
}

/**
 * Validates an import's rows in file order, a batch at a time, each batch's verdicts committed
 * together: a job taken up again after a crash continues at the first row without a verdict.
 */
async function validateImport(
  db: Kysely<Database>,
  importId: number,
  signal: AbortSignal,
): Promise<void> {
  const lookups = await loadLookups(db);
  const reader = new LookupReader(lookups);
  const memory = new FileMemory();
  for (const row of await validatedRows(db, importId)) {
    if (row.state !== 'invalid') memory.remember(row.row_number, keysOf(row.body));
  }
  // Counted once from what earlier runs committed; each batch then adds its own rows.
  await setImportProgress(db, importId);
  for (;;) {
    if (signal.aborted) return;
    const batch = await unvalidatedRows(db, importId, VALIDATE_BATCH);
    if (batch.length === 0) break;
    const built = await Promise.all(batch.map((row) => judgeShape(db, row, reader, lookups)));
    const allKeys = built.map((entry) => (entry.valid ? keysOf(entry.body) : null));
    const [ids, phones, names] = await Promise.all([
      familiesByNationalIds(db, [...new Set(allKeys.flatMap((keys) => keys?.nationalIds ?? []))]),
      familiesByPhones(db, [
        ...new Set(allKeys.flatMap((keys) => (keys?.phone ? [keys.phone] : []))),
      ]),
      familiesByHeadNameAndBirth(db, [
        ...new Set(
          allKeys.flatMap((keys) => (keys?.nameBirth ? [keys.nameBirth.split('|')[0] ?? ''] : [])),
        ),
      ]),
    ]);
    const verdicts: Parameters<typeof saveRowVerdicts>[1][number][] = [];
    for (const [index, row] of batch.entries()) {
      const entry = built[index];
      const keys = allKeys[index];
      if (!entry) continue;
      if (!entry.valid || !keys) {
        verdicts.push({
          id: row.id,
          state: 'invalid',
          body: null,
          errors: entry.errors,
          matches: [],
        });
        continue;
      }
      const matches = [...registerMatches(keys, { ids, phones, names }), ...memory.matches(keys)];
      memory.remember(row.row_number, keys);
      const state: ImportRowState = matches.length > 0 ? 'duplicate' : 'valid';
      verdicts.push({ id: row.id, state, body: entry.body, errors: {}, matches });
    }
    await db.transaction().execute(async (trx) => {
      await saveRowVerdicts(trx, verdicts);
      await addProcessedRows(trx, importId, batch.length);
    });
    // Other requests of this process get their turn between batches (see yieldToEventLoop).
    await yieldToEventLoop();
  }
  if (!signal.aborted) await setImportStatus(db, importId, 'ready');
}

type Judged =
  { valid: true; body: unknown; errors: FieldErrorMap } | { valid: false; errors: FieldErrorMap };

/** The row checked exactly as `POST /families` checks a body: its schema, then its lookups and district. */
async function judgeShape(
  db: Kysely<Database>,
  row: ImportFileRow,
  reader: LookupReader,
  lookups: Awaited<ReturnType<typeof loadLookups>>,
): Promise<Judged> {
  const { body, errors } = buildBody(row.cells, reader);
  const parsed = familySubmitSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      // A cell that could not be read already says why; the schema's "required" would only repeat it.
      if (!errors[path]) addError(errors, path, issue.message);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { valid: false, errors };
  const references = await checkFamilyReferences(
    db,
    toFamilyWrite(parsed.data),
    lookups,
    new Set(),
    null,
  );
  if (!references.empty) return { valid: false, errors: references.errors };
  return { valid: true, body, errors: {} };
}

registerJobHandler(VALIDATE_JOB, {
  parse: (payload) => validatePayload.parse(payload),
  run: async ({ db, payload, signal }) => {
    await validateImport(db, payload.import_id, signal);
  },
  onFailed: async (db, payload) => {
    await setImportStatus(db, payload.import_id, 'failed', FAMILY_IMPORT_MESSAGES.readFailed);
  },
});
