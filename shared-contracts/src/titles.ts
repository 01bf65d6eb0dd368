import { normalisePath } from './routes';

/**
 * The header's title table (spec §2 "Page title"): the longest matching prefix wins, matched on
 * whole path segments so `/families/members` beats `/families` and `/familiesx` matches nothing.
 * `/seminar/types` and `/survey/types` appear here only, as the spec says.
 */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/dashboard': 'لوحة التحكم',
  '/families': 'الأسر',
  '/families/create': 'تسجيل أسرة',
  '/families/members': 'أفراد الأسر',
  '/orgs': 'الجهات',
  '/seasons': 'الموسميون',
  '/services': 'الخدمات',
  '/services/service-types': 'أنواع الخدمات',
  '/services/service-departments': 'القطاعات',
  '/services/service-axises': 'المحاور',
  '/financial': 'المالية',
  '/financial/report': 'التقرير المالي',
  '/seminar': 'الندوات',
  '/seminar/types': 'أنواع الندوات',
  '/seminar/audience': 'جمهور الندوة',
  '/survey': 'الاستبيانات',
  '/survey/types': 'أنواع الاستبيانات',
  '/survey/templates': 'قوالب الاستبيانات',
  '/survey/rates': 'تقييمات الاستبيان',
  '/reports': 'التقارير العامة',
  '/reports/family-needs': 'تقرير احتياجات الأسر',
  '/reports/financial-services': 'تقرير الخدمات المالية',
  '/reports/services': 'تقرير الخدمات',
  '/reports/medical': 'التقرير الطبي',
  '/reports/survey': 'تقرير الاستبيانات',
  '/reports/seminar': 'تقرير الندوات',
  '/employee-permissions': 'الموظفين',
  '/employee-permissions/permissions': 'الصلاحيات',
  '/activity-tracking': 'تتبع نشاط الموظفين',
  '/calories': 'السعرات الحرارية',
  '/profile': 'الملف الشخصي',
  '/unauthorized': 'غير مصرح',
};

export const UNKNOWN_PAGE_TITLE = 'صفحة غير معروفة';

export function titleForPath(pathname: string): string {
  const path = normalisePath(pathname);
  let best: string | undefined;
  for (const prefix of Object.keys(PAGE_TITLES)) {
    const matches = path === prefix || path.startsWith(`${prefix}/`);
    if (matches && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? UNKNOWN_PAGE_TITLE : (PAGE_TITLES[best] ?? UNKNOWN_PAGE_TITLE);
}
