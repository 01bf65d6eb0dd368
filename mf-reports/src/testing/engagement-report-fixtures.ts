import type {
  SeminarReport,
  SeminarReportArchive,
  SurveyReport,
  SurveyReportArchive,
} from 'shared-contracts/reports';
import { archiveOf } from './fixtures';

/**
 * The survey report of the API test's fixture (first quarter 2026): survey A with 4 responses
 * (satisfaction 3.5) and survey B with 1 (2); 5 responses, satisfaction 3.2 overall.
 */
export function surveyReport(overrides: Partial<SurveyReport> = {}): SurveyReport {
  return {
    kind: 'survey',
    period: { from: '2026-01-01', to: '2026-03-31', days: 90 },
    parameters: { template_id: null, template_title: null, survey_id: null, survey_title: null },
    rows: [
      {
        survey: { id: 21, title: 'رضا الربع الأول' },
        template: { id: 3, title: 'رضا الأسر' },
        survey_type: 'رضا',
        status: 'open',
        status_label: 'مفتوح',
        starts_on: '2026-01-01',
        ends_on: '2026-03-31',
        responses: 4,
        rating_answers: 4,
        satisfaction: 3.5,
        questions: [
          {
            question_id: 31,
            version: 2,
            key: 'channel',
            label: 'طريقة التواصل',
            type: 'single_choice',
            type_label: 'اختيار واحد',
            answered: 3,
            average: null,
            distribution: [
              { value: 'sms', label: 'رسالة', count: 2, percent: 66.7 },
              { value: 'visit', label: 'زيارة', count: 1, percent: 33.3 },
              { value: 'call', label: 'اتصال', count: 0, percent: 0 },
            ],
            text_answers: 0,
          },
          {
            question_id: 32,
            version: 2,
            key: 'notes',
            label: 'ملاحظات',
            type: 'long_text',
            type_label: 'نص طويل',
            answered: 2,
            average: null,
            distribution: [],
            text_answers: 2,
          },
          {
            question_id: 33,
            version: 2,
            key: 'visits',
            label: 'عدد الزيارات',
            type: 'number',
            type_label: 'رقم',
            answered: 2,
            average: 3,
            distribution: [],
            text_answers: 0,
          },
        ],
      },
      {
        survey: { id: 22, title: 'تقييم ندوة فبراير' },
        template: { id: 4, title: 'تقييم ندوة' },
        survey_type: 'رضا',
        status: 'closed',
        status_label: 'مغلق',
        starts_on: '2026-02-01',
        ends_on: '2026-02-28',
        responses: 1,
        rating_answers: 1,
        satisfaction: 2,
        questions: [],
      },
    ],
    by_month: [
      { month: '2026-01', responses: 2, rating_answers: 2, satisfaction: 3 },
      { month: '2026-02', responses: 3, rating_answers: 3, satisfaction: 3.33 },
      { month: '2026-03', responses: 0, rating_answers: 0, satisfaction: null },
    ],
    totals: { surveys: 2, responses: 5, rating_answers: 5, satisfaction: 3.2 },
    ...overrides,
  };
}

/** An archive of `snapshot`, made on 2026-04-01 by the report fixture's employee. */
export function surveyArchive(snapshot: SurveyReport = surveyReport()): SurveyReportArchive {
  return archiveOf(snapshot, {
    id: 8,
    title: 'استبيانات الربع الأول',
    row_count: snapshot.rows.length,
    created_at: '2026-04-01T09:15:00.000Z',
  });
}

const figures = {
  seminars: 2,
  held: 1,
  capacity: 15,
  registered: 5,
  waiting: 1,
  attended: 3,
  no_show: 1,
  held_registered: 4,
  attendance_rate: 75,
  fill_rate: 33.3,
};

/** The seminar report of the API test's fixture (March 2026): attendance 4 ÷ 6 = 66.7 %. */
export function seminarReport(overrides: Partial<SeminarReport> = {}): SeminarReport {
  return {
    kind: 'seminar',
    period: { from: '2026-03-01', to: '2026-03-31', days: 31 },
    parameters: { seminar_type_id: null, seminar_type_name: null, axis_id: null, axis_name: null },
    rows: [
      {
        seminar: { id: 41, title: 'إدارة ميزانية الأسرة' },
        starts_at: '2026-03-05T10:00',
        status: 'held',
        status_label: 'منعقدة',
        seminar_type: { id: 5, name: 'توعية' },
        axis: { id: 6, name: 'التمكين' },
        capacity: 10,
        registered: 4,
        waiting: 1,
        attended: 3,
        no_show: 1,
        unmarked: 0,
        attendance_rate: 75,
        fill_rate: 40,
      },
      {
        seminar: { id: 42, title: 'مهارات سوق العمل' },
        starts_at: '2026-03-20T09:00',
        status: 'held',
        status_label: 'منعقدة',
        seminar_type: { id: 7, name: 'تدريب' },
        axis: null,
        capacity: 4,
        registered: 2,
        waiting: 0,
        attended: 1,
        no_show: 0,
        unmarked: 1,
        attendance_rate: 50,
        fill_rate: 50,
      },
      {
        seminar: { id: 43, title: 'صحة الأسرة' },
        starts_at: '2026-03-28T10:00',
        status: 'open',
        status_label: 'مفتوحة للتسجيل',
        seminar_type: { id: 5, name: 'توعية' },
        axis: { id: 6, name: 'التمكين' },
        capacity: 5,
        registered: 1,
        waiting: 0,
        attended: 0,
        no_show: 0,
        unmarked: 1,
        attendance_rate: null,
        fill_rate: 20,
      },
    ],
    totals: {
      seminars: 3,
      held: 2,
      cancelled: 1,
      capacity: 19,
      registered: 7,
      waiting: 1,
      attended: 4,
      no_show: 1,
      held_registered: 6,
      attendance_rate: 66.7,
      fill_rate: 36.8,
    },
    by_type: [
      { seminar_type: { id: 5, name: 'توعية' }, ...figures },
      {
        seminar_type: { id: 7, name: 'تدريب' },
        seminars: 1,
        held: 1,
        capacity: 4,
        registered: 2,
        waiting: 0,
        attended: 1,
        no_show: 0,
        held_registered: 2,
        attendance_rate: 50,
        fill_rate: 50,
      },
    ],
    by_axis: [
      { axis: { id: 6, name: 'التمكين' }, axis_label: 'التمكين', ...figures },
      {
        axis: null,
        axis_label: 'بلا محور',
        seminars: 1,
        held: 1,
        capacity: 4,
        registered: 2,
        waiting: 0,
        attended: 1,
        no_show: 0,
        held_registered: 2,
        attendance_rate: 50,
        fill_rate: 50,
      },
    ],
    by_sex: [
      { sex: 'male', label: 'ذكور', registered: 4, attended: 2 },
      { sex: 'female', label: 'إناث', registered: 2, attended: 1 },
      { sex: 'unknown', label: 'غير محدد', registered: 1, attended: 1 },
    ],
    by_age_band: [
      {
        band: 'child',
        label: 'أطفال (0–12)',
        male: 2,
        female: 0,
        unknown: 0,
        registered: 2,
        attended: 0,
      },
      {
        band: 'teen',
        label: 'يافعون (13–17)',
        male: 0,
        female: 0,
        unknown: 0,
        registered: 0,
        attended: 0,
      },
      {
        band: 'youth',
        label: 'شباب (18–29)',
        male: 0,
        female: 0,
        unknown: 0,
        registered: 0,
        attended: 0,
      },
      {
        band: 'adult',
        label: 'بالغون (30–44)',
        male: 0,
        female: 2,
        unknown: 0,
        registered: 2,
        attended: 1,
      },
      {
        band: 'middle',
        label: 'متوسطو العمر (45–59)',
        male: 2,
        female: 0,
        unknown: 0,
        registered: 2,
        attended: 2,
      },
      {
        band: 'senior',
        label: 'كبار السن (60 فأكثر)',
        male: 0,
        female: 0,
        unknown: 0,
        registered: 0,
        attended: 0,
      },
      {
        band: 'unknown',
        label: 'غير محدد',
        male: 0,
        female: 0,
        unknown: 1,
        registered: 1,
        attended: 1,
      },
    ],
    ...overrides,
  };
}

/** An archive of `snapshot`, made on 2026-04-01 by the report fixture's employee. */
export function seminarArchive(snapshot: SeminarReport = seminarReport()): SeminarReportArchive {
  return archiveOf(snapshot, {
    id: 9,
    title: 'ندوات مارس',
    row_count: snapshot.rows.length,
    created_at: '2026-04-01T09:15:00.000Z',
  });
}
