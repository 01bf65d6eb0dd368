import { defineResource } from '../core/resource';

/** The calorie settings: one settings page, no records to count. */
export const calorieSettingsResource = defineResource({
  name: 'calorie-settings',
  order: 81,
  noun: null,
  owner: 'mf-admin',
  permissions: {
    section: 'الإدارة والإعدادات',
    keys: { show_calorie_settings: 'إعدادات السعرات الحرارية' },
  },
  routes: [
    {
      pageId: 'calories',
      path: '/calories',
      permissions: ['show_calorie_settings'],
      owner: 'mf-admin',
      title: 'السعرات الحرارية',
      header: {
        description:
          'احتياج الفرد اليومي من السعرات حسب الجنس والعمر، ويستخدمه تقرير احتياجات الأسر. كل تعديل يُحفظ إصداراً جديداً.',
      },
      sidebar: {
        label: 'إعدادات السعرات الحرارية',
        icon: 'calories',
        group: 'settings',
        order: 81,
      },
    },
  ],
  pages: 'listed',
  activity: {
    calorie_settings: {
      label: 'إعدادات السعرات الحرارية',
      link: { pageId: 'calories', withId: false },
    },
  },
  // A version's fields (a new version logs them all).
  fields: {
    version_number: 'رقم الإصدار',
    note: 'ملاحظة التعديل',
    source: 'المصدر',
    planning_figure: 'رقم التخطيط (سعرة للفرد يومياً)',
    pregnancy_addition: 'زيادة الحمل',
    lactation_addition: 'زيادة الرضاعة',
    bands: 'الفئات العمرية',
  },
});
