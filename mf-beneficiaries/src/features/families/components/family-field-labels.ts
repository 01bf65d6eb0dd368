import { FAMILY_STATUSES, labelOf } from 'shared-contracts/beneficiaries';
import { EMPTY_VALUE } from 'shared-ui';

/** Arabic names of the family fields the activity log reports changes of. */
const FIELD_LABELS: Record<string, string> = {
  status: 'الحالة',
  status_reason: 'سبب الحالة',
  head: 'رب الأسرة',
  head_name: 'اسم رب الأسرة',
  full_name: 'الاسم',
  national_id: 'رقم الهوية',
  primary_phone: 'الجوال الأساسي',
  alt_phone: 'الجوال البديل',
  city: 'المدينة',
  district: 'الحي',
  address: 'العنوان',
  national_address_short_code: 'العنوان الوطني المختصر',
  housing_type: 'نوع السكن',
  housing_ownership: 'ملكية السكن',
  monthly_rent: 'الإيجار الشهري',
  income_sources: 'مصادر الدخل',
  total_income: 'إجمالي الدخل',
  categories: 'الفئات',
  needs: 'الاحتياجات',
  consent_data_processing: 'الموافقة على معالجة البيانات',
  consent_share_with_partners: 'الموافقة على المشاركة',
  assigned_researcher_id: 'الباحث الاجتماعي',
  researcher: 'الباحث الاجتماعي',
  next_reassessment_date: 'موعد إعادة التقييم',
  notes: 'ملاحظات',
  members: 'الأفراد',
  relationship: 'صلة القرابة',
  gender: 'الجنس',
  birth_date: 'تاريخ الميلاد',
  family_id: 'الأسرة',
};

export function fieldLabel(field: string): string {
  const last = field.split('.').at(-1) ?? field;
  return FIELD_LABELS[field] ?? FIELD_LABELS[last] ?? field;
}

/** A logged value as text: statuses in Arabic, booleans as نعم/لا, lists joined. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  if (typeof value === 'string') {
    const status = labelOf(FAMILY_STATUSES, value);
    return status !== value ? status : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(formatChangeValue).join('، ');
  if (typeof value === 'object') {
    if ('label' in value && typeof value.label === 'string') return value.label;
    if ('name' in value && typeof value.name === 'string') return value.name;
    return JSON.stringify(value);
  }
  return String(value);
}
