import type { Kysely } from 'kysely';
import {
  SURVEY_TYPE_MESSAGES as M,
  type SurveyType,
  type SurveyTypeInput,
  type SurveyTypeListQuery,
} from 'shared-contracts/engagement';
import {
  describedLookupAudited,
  describedLookupColumns,
  describedLookupItem,
  namedLookupCommands,
  namedLookupReads,
} from '../../lookups';
import { countOf } from '../../../db/query';
import type { Database } from '../../../db/tables';

/**
 * Survey types: the editable list. A name is unique once Arabic-normalised (409); a type a survey
 * uses is never deleted (409, deactivate it instead). Each write logs its activity row.
 */

const SORT = { name: 't.name', active: 't.active', created_at: 't.created_at' } as const;

const reads = namedLookupReads({
  rows: (db) =>
    db
      .selectFrom('survey_types as t')
      .selectAll('t')
      .select((eb) =>
        countOf(eb.selectFrom('surveys as s').whereRef('s.survey_type_id', '=', 't.id')).as(
          'usage_count',
        ),
      ),
  alias: 't',
  search: 't.name_normalized',
  sort: SORT,
  defaultSort: 'name',
  toItem: (row): SurveyType => describedLookupItem(row, 'surveys_count'),
});

export const listSurveyTypes = (db: Kysely<Database>, query: SurveyTypeListQuery) =>
  reads.list(db, query);
export const loadSurveyType = reads.load;

const commands = namedLookupCommands({
  table: 'survey_types',
  entityType: 'survey_type',
  messages: M,
  columns: (input: SurveyTypeInput) => describedLookupColumns(input),
  audited: describedLookupAudited,
  lock: (trx, id) =>
    trx.selectFrom('survey_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  insert: async (trx, values) =>
    (await trx.insertInto('survey_types').values(values).returning('id').executeTakeFirstOrThrow())
      .id,
  update: async (trx, id, values) => {
    await trx.updateTable('survey_types').set(values).where('id', '=', id).execute();
  },
  inUse: async (trx, id) =>
    (await trx
      .selectFrom('surveys')
      .select('id')
      .where('survey_type_id', '=', id)
      .executeTakeFirst()) !== undefined,
});

export const createSurveyType = commands.create;
export const updateSurveyType = commands.update;
export const deleteSurveyType = commands.remove;
