import { defineNoun } from '../core/plural';
import { defineResource } from '../core/resource';

/** A survey's fields, as its form and its activity rows name them. */
const SURVEY_FIELDS = {
  title: 'عنوان الاستبيان',
  survey_type: 'نوع الاستبيان',
  template: 'القالب',
  template_version: 'إصدار القالب',
  group_kind: 'نوع المجموعة المستهدفة',
  group: 'المجموعة المستهدفة',
  starts_on: 'تاريخ البداية',
  ends_on: 'تاريخ النهاية',
  status: 'الحالة',
  description: 'الوصف',
} as const;

/** Surveys, their templates (a key of their own), answers and types. */
export const surveysResource = defineResource({
  name: 'surveys',
  order: 51,
  noun: defineNoun({
    one: 'استبيان',
    two: 'استبيانان',
    few: 'استبيانات',
    many: 'استبياناً',
    other: 'استبيان',
    gender: 'masculine',
    zero: 'لا توجد استبيانات',
  }),
  owner: 'mf-engagement',
  permissions: {
    section: 'الندوات والاستبيانات',
    keys: { show_surveys: 'إدارة الاستبيانات', show_survey_templates: 'إدارة قوالب الاستبيانات' },
  },
  routes: [
    {
      pageId: 'surveys.list',
      path: '/survey',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
      title: 'الاستبيانات',
      header: { description: 'الاستبيانات المطبقة على مجموعات المستفيدين ونتائجها.' },
      sidebar: { label: 'الاستبيانات', icon: 'surveys', order: 51 },
    },
    {
      pageId: 'surveys.create',
      path: '/survey/create',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.edit',
      path: '/survey/edit/:id',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.show',
      path: '/survey/show/:id',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.templates',
      path: '/survey/templates',
      permissions: ['show_survey_templates'],
      owner: 'mf-engagement',
      title: 'قوالب الاستبيانات',
      header: {
        description:
          'قوالب الاستبيانات وأسئلتها. القالب المنشور لا يتغير: تعديله ينشئ إصداراً جديداً.',
      },
      sidebar: { label: 'قوالب الاستبيانات', icon: 'templates', group: 'settings', order: 80 },
    },
    {
      pageId: 'surveys.templates.create',
      path: '/survey/templates/create',
      permissions: ['show_survey_templates'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.templates.edit',
      path: '/survey/templates/edit/:id',
      permissions: ['show_survey_templates'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.rates',
      path: '/survey/rates/:id',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
      title: 'تقييمات الاستبيان',
    },
    {
      pageId: 'surveys.rates.create',
      path: '/survey/rates/:id/create',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.rates.show',
      path: '/survey/rates/show/:id',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
    },
    {
      pageId: 'surveys.types',
      path: '/survey/types',
      permissions: ['show_surveys'],
      owner: 'mf-engagement',
      title: 'أنواع الاستبيانات',
    },
  ],
  pages: 'listed',
  activity: {
    survey_type: {
      label: 'نوع استبيان',
      link: { pageId: 'surveys.types', withId: false },
      fields: {
        name: 'اسم نوع الاستبيان',
        description: 'الوصف',
        active: 'مفعّل',
      },
    },
    survey_template: {
      label: 'قالب استبيان',
      link: { pageId: 'surveys.templates.edit', withId: true },
      fields: {
        title: 'عنوان القالب',
        purpose: 'الغرض',
        target: 'الفئة المستهدفة',
        description: 'الوصف',
        status: 'الحالة',
        version: 'رقم الإصدار',
        questions: 'الأسئلة',
      },
    },
    survey: {
      label: 'استبيان',
      link: { pageId: 'surveys.show', withId: true },
      fields: {
        ...SURVEY_FIELDS,
        // An export of the survey's answers.
        rows: 'عدد الصفوف',
        format: 'صيغة الملف',
        // A view of its summary.
        responses: 'عدد الردود',
      },
    },
    survey_response: {
      label: 'رد على استبيان',
      link: { pageId: 'surveys.rates.show', withId: true },
      fields: {
        survey: 'الاستبيان',
        family: 'الأسرة',
        member: 'الفرد',
        template_version: 'إصدار القالب',
        answers_count: 'عدد الإجابات',
      },
    },
  },
  fields: SURVEY_FIELDS,
});
