import type { ColumnType, Generated } from 'kysely';
import type {
  SurveyGroupKind,
  SurveyPurpose,
  SurveyQuestionType,
  SurveyStatus,
  SurveyTarget,
  SurveyTemplateStatus,
  SurveyVersionStatus,
} from 'shared-contracts/engagement';
import type {
  AuditColumns,
  CreatedAt,
  DateText,
  NullableInt,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    survey_types: SurveyTypesTable;
    survey_templates: SurveyTemplatesTable;
    survey_template_versions: SurveyTemplateVersionsTable;
    survey_questions: SurveyQuestionsTable;
    surveys: SurveysTable;
    survey_responses: SurveyResponsesTable;
    survey_answers: SurveyAnswersTable;
  }
}

export interface SurveyTypesTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  description: NullableText;
  active: boolean;
}

export interface SurveyTemplatesTable extends AuditColumns {
  id: Generated<number>;
  title: string;
  search_text: string;
  purpose: SurveyPurpose;
  target: SurveyTarget;
  description: NullableText;
  status: SurveyTemplateStatus;
}

/** One version of a template; only a draft version's questions are ever rewritten. */
export interface SurveyTemplateVersionsTable {
  id: Generated<number>;
  template_id: number;
  version: number;
  status: SurveyVersionStatus;
  title: string;
  target: SurveyTarget;
  published_at: NullableTimestamp;
  published_by: NullableInt;
  created_at: CreatedAt;
  created_by: NullableInt;
}

/** Options as `[{ value, label }]`, skip logic as its two columns. */
export interface SurveyQuestionsTable {
  id: Generated<number>;
  version_id: number;
  position: number;
  key: string;
  label: string;
  type: SurveyQuestionType;
  required: boolean;
  help_text: NullableText;
  min: ColumnType<number | null, number | null, number | null>;
  max: ColumnType<number | null, number | null, number | null>;
  min_length: NullableInt;
  max_length: NullableInt;
  options: ColumnType<{ value: string; label: string }[], string, string>;
  show_if_key: NullableText;
  show_if_equals: NullableText;
}

export interface SurveysTable extends AuditColumns {
  id: Generated<number>;
  title: string;
  search_text: string;
  survey_type_id: number;
  template_id: number;
  template_version_id: number;
  group_kind: SurveyGroupKind;
  group_id: number;
  starts_on: DateText;
  ends_on: DateText;
  status: SurveyStatus;
  description: NullableText;
}

/** `respondent_key` is `family:<id>` or `member:<id>`: one response per respondent and survey. */
export interface SurveyResponsesTable {
  id: Generated<number>;
  survey_id: number;
  template_version_id: number;
  family_id: number;
  member_id: NullableInt;
  respondent_key: string;
  collected_by: NullableInt;
  collected_at: CreatedAt;
}

/** One row per answered question, tied to the question row of the version it answered. */
export interface SurveyAnswersTable {
  id: Generated<number>;
  response_id: number;
  question_id: number;
  value: ColumnType<unknown, string, string>;
}
