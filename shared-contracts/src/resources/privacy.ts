import { defineResource } from '../core/resource';

/** What the retention setting's activity rows name. */
const RETENTION_FIELDS = {
  inactive_years: 'مدة بقاء ملفات الأسر المؤرشفة أو المرفوضة دون نشاط قبل تجهيلها (بالسنوات)',
} as const;

/**
 * «حماية البيانات» (docs/personal-data.md#the-privacy-page): the retention setting and the
 * families due for anonymisation under it, with their erasure in bulk. Its keys are the
 * families' (`show_families` and `manage_personal_data` open the page, `anonymise_families` the
 * bulk erasure), which protect the families' records and stay in the families' checklist
 * section. Schemas and endpoints: `./privacy-contracts.ts`.
 */
export const privacyResource = defineResource({
  name: 'privacy',
  order: 21.3,
  noun: null,
  owner: 'mf-beneficiaries',
  permissions: { section: 'الأسر', keys: {} },
  routes: [
    {
      pageId: 'privacy',
      path: '/privacy',
      // The list is the families' (show_families), the page the officer's (as the data export).
      permissions: ['show_families', 'manage_personal_data'],
      owner: 'mf-beneficiaries',
      title: 'حماية البيانات',
      sidebar: { label: 'حماية البيانات', icon: 'privacy', group: 'beneficiaries', order: 21.7 },
    },
  ],
  pages: 'listed',
  activity: {
    retention_settings: {
      label: 'مدة الاحتفاظ بالبيانات الشخصية',
      link: { pageId: 'privacy', withId: false },
    },
  },
  fields: RETENTION_FIELDS,
});
