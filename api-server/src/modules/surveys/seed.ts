import type { Transaction } from 'kysely';
import { normaliseArabic, todayIso } from 'shared-contracts';
import type {
  SurveyAnswerValue,
  SurveyGroupKind,
  SurveyPurpose,
  SurveyQuestionInput,
  SurveyTarget,
} from 'shared-contracts/engagement';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { seededRandom } from '../families';

/**
 * The surveys demo data (SEED_DEMO), after seasons and services: three survey types, two
 * published templates — the satisfaction one in its second version — and two surveys with
 * responses (the first has answers on both versions). Seeded random: the same data every time.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const isoDaysAgo = (days: number) => daysAgo(days).toISOString().slice(0, 10);

const question = (
  q: Partial<SurveyQuestionInput> & Pick<SurveyQuestionInput, 'key' | 'label' | 'type'>,
): SurveyQuestionInput => ({
  required: false,
  help_text: null,
  min: null,
  max: null,
  min_length: null,
  max_length: null,
  options: [],
  show_if: null,
  ...q,
});

const QUALITY = [
  { value: 'good', label: 'جيدة' },
  { value: 'average', label: 'متوسطة' },
  { value: 'poor', label: 'ضعيفة' },
];

const SATISFACTION_V1 = [
  question({
    key: 'satisfaction',
    label: 'ما مدى رضاك عن السلة الغذائية؟',
    type: 'rating',
    required: true,
  }),
  question({ key: 'on_time', label: 'هل استلمت السلة في موعدها؟', type: 'yes_no', required: true }),
  question({
    key: 'delay_reason',
    label: 'ما سبب التأخير؟',
    type: 'long_text',
    show_if: { question_key: 'on_time', equals: 'no' },
  }),
  question({
    key: 'quality',
    label: 'جودة الأصناف',
    type: 'single_choice',
    required: true,
    options: QUALITY,
  }),
  question({ key: 'comments', label: 'ملاحظات أخرى', type: 'short_text', max_length: 200 }),
];

const SATISFACTION_V2 = [
  ...SATISFACTION_V1.slice(0, 4),
  question({ key: 'recommend', label: 'هل تنصح غيرك بالتسجيل في البرنامج؟', type: 'yes_no' }),
  question({
    key: 'comments',
    label: 'اقتراحاتك لتحسين البرنامج',
    type: 'short_text',
    max_length: 200,
  }),
];

const NEEDS = [
  question({
    key: 'needs',
    label: 'ما أهم احتياجات الأسرة حالياً؟',
    type: 'multiple_choice',
    required: true,
    options: [
      { value: 'food', label: 'غذاء' },
      { value: 'rent', label: 'إيجار' },
      { value: 'health', label: 'علاج' },
      { value: 'education', label: 'تعليم' },
    ],
  }),
  question({
    key: 'income',
    label: 'الدخل الشهري للأسرة (ريال)',
    type: 'number',
    required: true,
    min: 0,
    max: 100000,
  }),
  question({ key: 'urgency', label: 'درجة إلحاح الاحتياج', type: 'rating', required: true }),
  question({ key: 'next_visit', label: 'موعد الزيارة القادمة المقترح', type: 'date' }),
];

const COMMENTS = [
  'شكراً لكم على الجهود',
  'نأمل زيادة الكميات',
  'التوزيع كان منظماً',
  'نرجو إبلاغنا بالموعد مبكراً',
];

export async function seedSurveys(trx: Transaction<Database>, context: SeedContext): Promise<void> {
  if (!context.demo) return;
  const random = seededRandom(20261124);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const at = <T>(list: readonly T[], index: number): T => {
    const item = list[index];
    if (item === undefined) throw new Error(`no item ${index} in a demo list`);
    return item;
  };
  const pick = <T>(list: readonly T[]): T => at(list, Math.floor(random() * list.length));
  const author = context.employees.get('coordinator') ?? context.employees.get('admin') ?? null;

  const typeIds: number[] = [];
  for (const [name, description] of [
    ['رضا المستفيدين', 'قياس رضا الأسر عن البرامج والخدمات'],
    ['تقييم الاحتياج', 'دراسة احتياجات الأسر قبل البرامج'],
    ['تقييم الندوات', 'آراء الحضور في الندوات والدورات'],
  ] as const) {
    const { id } = await trx
      .insertInto('survey_types')
      .values({
        name,
        name_normalized: normaliseArabic(name),
        description,
        active: true,
        created_by: author,
        updated_by: author,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.push(id);
  }

  async function template(
    title: string,
    purpose: SurveyPurpose,
    target: SurveyTarget,
    versions: readonly (readonly SurveyQuestionInput[])[],
  ) {
    const { id } = await trx
      .insertInto('survey_templates')
      .values({
        title,
        search_text: normaliseArabic(title),
        purpose,
        target,
        description: null,
        status: 'published',
        created_by: author,
        updated_by: author,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const out: { id: number; version: number; questions: Map<string, number> }[] = [];
    for (const [index, questions] of versions.entries()) {
      const published = daysAgo(90 - index * 30);
      const version = await trx
        .insertInto('survey_template_versions')
        .values({
          template_id: id,
          version: index + 1,
          status: index === versions.length - 1 ? 'published' : 'superseded',
          title,
          target,
          published_at: published,
          published_by: author,
          created_at: published,
          created_by: author,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = await trx
        .insertInto('survey_questions')
        .values(
          questions.map((q, position) => ({
            version_id: version.id,
            position: position + 1,
            key: q.key,
            label: q.label,
            type: q.type,
            required: q.required,
            help_text: q.help_text,
            min: q.min ?? null,
            max: q.max ?? null,
            min_length: q.min_length ?? null,
            max_length: q.max_length ?? null,
            options: JSON.stringify(q.options),
            show_if_key: q.show_if?.question_key ?? null,
            show_if_equals: q.show_if?.equals ?? null,
          })),
        )
        .returning(['id', 'key'])
        .execute();
      out.push({
        id: version.id,
        version: index + 1,
        questions: new Map(rows.map((row) => [row.key, row.id])),
      });
    }
    return { id, versions: out };
  }

  const satisfaction = await template(
    'رضا المستفيدين عن السلة الغذائية',
    'satisfaction',
    'family',
    [SATISFACTION_V1, SATISFACTION_V2],
  );
  const needs = await template('تقييم احتياج الأسرة', 'needs_assessment', 'family', [NEEDS]);

  const season = await trx
    .selectFrom('seasons')
    .select(['id', 'name'])
    .orderBy('id')
    .executeTakeFirst();
  const seasonFamilies = season
    ? await trx
        .selectFrom('season_beneficiaries')
        .select('family_id')
        .where('season_id', '=', season.id)
        .where('status', '<>', 'excluded')
        .orderBy('family_id')
        .limit(14)
        .execute()
    : [];
  const serviceType = await trx
    .selectFrom('service_types')
    .select('id')
    .orderBy('id')
    .executeTakeFirst();
  const servedFamilies = serviceType
    ? await trx
        .selectFrom('services')
        .select('family_id')
        .distinct()
        .where('service_type_id', '=', serviceType.id)
        .where('status', 'in', ['approved', 'in_progress', 'delivered'])
        .orderBy('family_id')
        .limit(10)
        .execute()
    : [];

  async function survey(
    title: string,
    typeId: number,
    templateId: number,
    versionId: number,
    groupKind: SurveyGroupKind,
    groupId: number,
    startsAgo: number,
  ) {
    const { id } = await trx
      .insertInto('surveys')
      .values({
        title,
        search_text: normaliseArabic(title),
        survey_type_id: typeId,
        template_id: templateId,
        template_version_id: versionId,
        group_kind: groupKind,
        group_id: groupId,
        starts_on: isoDaysAgo(startsAgo),
        ends_on: isoDaysAgo(startsAgo - 60) > todayIso() ? todayIso() : isoDaysAgo(startsAgo - 60),
        status: 'open',
        description: null,
        created_by: author,
        updated_by: author,
        created_at: daysAgo(startsAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function respond(
    surveyId: number,
    familyId: number,
    version: { id: number; questions: Map<string, number> },
    answers: Record<string, SurveyAnswerValue | null>,
    at: Date,
  ) {
    const { id } = await trx
      .insertInto('survey_responses')
      .values({
        survey_id: surveyId,
        template_version_id: version.id,
        family_id: familyId,
        member_id: null,
        respondent_key: `family:${familyId}`,
        collected_by: author,
        collected_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Object.entries(answers).flatMap(([key, value]) => {
      const questionId = version.questions.get(key);
      if (value === null || questionId === undefined) return [];
      return [{ response_id: id, question_id: questionId, value: JSON.stringify(value) }];
    });
    if (rows.length > 0) await trx.insertInto('survey_answers').values(rows).execute();
  }

  if (season && seasonFamilies.length > 0) {
    const v1 = at(satisfaction.versions, 0);
    const v2 = at(satisfaction.versions, 1);
    const surveyId = await survey(
      `رضا المستفيدين — ${season.name}`,
      at(typeIds, 0),
      satisfaction.id,
      v2.id,
      'season',
      season.id,
      75,
    );
    for (const [index, { family_id: familyId }] of seasonFamilies.entries()) {
      const onV1 = index < seasonFamilies.length / 2;
      const onTime = random() > 0.25;
      await respond(
        surveyId,
        familyId,
        onV1 ? v1 : v2,
        {
          satisfaction: int(2, 5),
          on_time: onTime,
          delay_reason: onTime ? null : 'تأخر وصول الشحنة إلى المستودع',
          quality: pick(QUALITY).value,
          recommend: onV1 ? null : random() > 0.2,
          comments: random() > 0.5 ? pick(COMMENTS) : null,
        },
        daysAgo(onV1 ? 70 - index : 50 - index),
      );
    }
  }

  if (serviceType && servedFamilies.length > 0) {
    const version = at(needs.versions, 0);
    const surveyId = await survey(
      'دراسة احتياج الأسر المستفيدة',
      at(typeIds, 1),
      needs.id,
      version.id,
      'service_type',
      serviceType.id,
      40,
    );
    for (const [index, { family_id: familyId }] of servedFamilies.entries()) {
      const needList = ['food', 'rent', 'health', 'education'].filter(() => random() > 0.5);
      await respond(
        surveyId,
        familyId,
        version,
        {
          needs: needList.length > 0 ? needList : ['food'],
          income: int(8, 60) * 100,
          urgency: int(1, 5),
          next_visit: random() > 0.5 ? isoDaysAgo(-int(5, 30)) : null,
        },
        daysAgo(30 - index),
      );
    }
  }
}
