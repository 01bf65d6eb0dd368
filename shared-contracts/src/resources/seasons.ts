import { NOUNS } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/** A programme's fields, as its form and its activity rows name them. */
const SEASON_FIELDS = {
  name: 'اسم البرنامج',
  kind: 'النوع',
  hijri_year: 'السنة الهجرية',
  start_date: 'تاريخ البداية',
  end_date: 'تاريخ النهاية',
  budget: 'الميزانية',
  funding_org_id: 'الجهة الممولة',
  eligibility: 'شروط الأهلية',
  notes: 'ملاحظات',
  status: 'الحالة',
  status_reason: 'سبب الحالة',
} as const;

/** Seasonal programmes, their beneficiaries and distributions. */
export const seasonsResource = defineResource({
  name: 'seasons',
  order: 23,
  noun: NOUNS.programme,
  owner: 'mf-beneficiaries',
  permissions: {
    section: 'البرامج الموسمية',
    keys: {
      show_seasonal: 'عرض البرامج الموسمية',
      create_seasonal: 'إضافة البرامج الموسمية',
      edit_seasonal: 'تعديل البرامج الموسمية',
    },
  },
  routes: standardRoutes({
    pageIdPrefix: 'seasons',
    path: '/seasons',
    owner: 'mf-beneficiaries',
    keys: { show: 'show_seasonal', create: 'create_seasonal', edit: 'edit_seasonal' },
    title: 'الموسميون',
    header: {
      title: 'البرامج الموسمية',
      description: 'سلال رمضان وزكاة الفطر وكسوة العيد وغيرها.',
    },
    sidebar: { label: 'الموسميون', icon: 'seasons', group: 'beneficiaries', order: 23 },
  }),
  pages: 'listed',
  activity: {
    season: {
      label: 'برنامج موسمي',
      link: { pageId: 'seasons.show', withId: true },
      fields: {
        ...SEASON_FIELDS,
        // an enrolment of families («enrol»)
        mode: 'طريقة التسجيل',
        enrolled: 'عدد الأسر المسجلة',
        already_enrolled: 'مسجلة من قبل',
        ineligible: 'غير مستوفية للشروط',
        // a printed distribution sheet: its filters and row count
        filters: 'عوامل التصفية',
        rows: 'عدد الصفوف',
      },
    },
    season_beneficiary: {
      label: 'مستفيد من برنامج',
      link: null,
      fields: {
        season: 'البرنامج',
        voucher_code: 'رمز القسيمة',
        status: 'الحالة',
        status_reason: 'السبب',
      },
    },
    distribution: {
      label: 'تسليم',
      link: null,
      fields: {
        season: 'البرنامج',
        kind: 'نوع التسليم',
        items: 'الأصناف',
        cash_amount: 'المبلغ النقدي',
        distributed_at: 'تاريخ التسليم',
        received_by_name: 'المستلم',
        voucher_code: 'رمز القسيمة',
        handed_over_by: 'سلّمه',
      },
    },
  },
  fields: SEASON_FIELDS,
});
