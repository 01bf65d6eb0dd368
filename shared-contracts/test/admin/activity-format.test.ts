import {
  EMPLOYEE_ROLES,
  activityFieldLabel,
  describeActivityChanges,
  describeActivityValue,
  findActivityFieldLabel,
  roleLabel,
} from '../../src/admin';

const text = (entityType: string, field: string, value: unknown) =>
  describeActivityValue(entityType, field, value).text;
/** Intl puts direction marks around numbers; compare the words. */
const plain = (value: string) => value.replace(/[\u200e\u200f\u061c]/g, '');

describe('activity change formatter', () => {
  test('field names in Arabic per entity type', () => {
    expect(activityFieldLabel('family', 'file_number')).toBe('رقم الملف');
    expect(activityFieldLabel('family', 'alt_phone')).toBe('الجوال البديل');
    expect(activityFieldLabel('family', 'monthly_rent')).toBe('الإيجار الشهري');
    expect(activityFieldLabel('family_member', 'is_lactating')).toBe('مرضع');
    expect(activityFieldLabel('employee', 'role')).toBe('الدور');
    expect(findActivityFieldLabel('family', 'no_such_field')).toBeUndefined();
    expect(activityFieldLabel('family', 'no_such_field')).toBe('no_such_field');
  });

  test('coded values read as the forms show them', () => {
    expect(text('family', 'city', 'riyadh')).toBe('الرياض');
    expect(text('family', 'housing_type', 'apartment')).toBe('شقة');
    expect(text('family', 'categories', ['chronic_illness', 'widows'])).toBe('مرضى مزمنون، أرامل');
    expect(text('family', 'needs', ['rent (high)', 'medical (urgent)'])).toBe(
      'سداد إيجار (عالية)، علاج (عاجلة)',
    );
    expect(text('family', 'status', 'approved')).not.toBe('approved');
    expect(text('family_member', 'relationship', 'spouse')).not.toBe('spouse');
  });

  test('the finance, seminars and surveys codes read in Arabic too, each in its own entity’s words', () => {
    expect(text('financial_record', 'direction', 'income')).toBe('إيراد');
    expect(text('financial_record', 'payment_method', 'bank_transfer')).toBe('تحويل بنكي');
    expect(text('financial_record', 'status', 'refunded')).toBe('مسترد');
    expect(text('financial_category', 'direction', 'expense')).toBe('مصروف');
    expect(text('seminar', 'status', 'open')).toBe('مفتوحة للتسجيل');
    expect(text('survey', 'status', 'open')).toBe('مفتوح');
    expect(text('survey_template', 'status', 'published')).toBe('منشور');
    expect(plain(text('financial_record', 'amount', '1250.50'))).toBe('1,250.50 ريال');
  });

  test('money in riyals with thousands separators, dates and phones in display form', () => {
    expect(
      plain(text('family', 'income_sources', ['social_security: 1200', 'citizen_account: 850.5'])),
    ).toBe('الضمان الاجتماعي: 1,200 ريال، حساب المواطن: 850.50 ريال');
    expect(plain(text('family', 'monthly_rent', 1500))).toBe('1,500 ريال');
    expect(plain(text('family', 'monthly_rent', '2500.00'))).toBe('2,500 ريال');
    expect(plain(text('family_member', 'birth_date', '1985-09-01'))).toMatch(/^1 سبتمبر 1985/);
    expect(describeActivityValue('family', 'alt_phone', '+966509988776')).toEqual({
      text: '0509988776',
      ltr: true,
    });
  });

  test('empty, boolean and account values', () => {
    expect(text('family', 'notes', null)).toBe('—');
    expect(text('family_member', 'is_lactating', true)).toBe('نعم');
    expect(text('employee', 'active', false)).toBe('موقوف');
    expect(text('employee', 'role', 'Super Admin')).toBe('مدير النظام');
    expect(text('employee', 'permissions', [])).toBe('لا شيء');
  });

  test("an export's filters in words", () => {
    expect(
      text('family', 'filters', {
        search: null,
        sort: 'file_number',
        order: 'asc',
        city: ['tabuk'],
      }),
    ).toBe('الترتيب حسب: رقم الملف؛ اتجاه الترتيب: تصاعدي؛ المدينة: تبوك');
  });

  test('a whole row: labels and both values, in order', () => {
    const rows = describeActivityChanges('family', {
      city: ['riyadh', 'jeddah'],
      researcher: [null, 'نورة'],
    });
    expect(rows.map((row) => [row.label, row.before.text, row.after.text])).toEqual([
      ['المدينة', 'الرياض', 'جدة'],
      ['الباحث الاجتماعي', '—', 'نورة'],
    ]);
  });
});

describe('codes of exports and enrolments', () => {
  test('an export row names its file format in Arabic, and a season enrolment its mode', () => {
    const exported = describeActivityChanges('family', {
      format: [null, 'xlsx'],
      rows: [null, 12],
    });
    expect(exported.map((row) => [row.label, row.after.text])).toEqual([
      ['صيغة الملف', 'جدول إكسل'],
      ['عدد الصفوف', '12'],
    ]);
    expect(describeActivityValue('activity_log', 'format', 'csv').text).toBe(
      'ملف نصي مفصول بفواصل',
    );
    expect(describeActivityValue('season', 'mode', 'all_eligible').text).toBe('كل الأسر المستحقة');
    expect(describeActivityValue('season', 'mode', 'families').text).toBe('أسر مختارة');
    // a service's status change, as the family's history shows it
    expect(describeActivityValue('service', 'status', 'in_progress').text).toBe('قيد التنفيذ');
  });
});

describe('role names', () => {
  test('every role has an Arabic name, the super admin one included', () => {
    expect(roleLabel('Super Admin')).toBe('مدير النظام');
    expect(roleLabel('super admin')).toBe('مدير النظام');
    expect(roleLabel('محاسب')).toBe('محاسب');
    expect(roleLabel(null)).toBe('');
    for (const role of EMPLOYEE_ROLES) expect(role.label).not.toMatch(/[A-Za-z]/);
  });
});

describe('a logged period and amount', () => {
  it('reads dates of a period and amounts as people read them', () => {
    expect(
      describeActivityValue('medical_report_individuals', 'period_from', '2026-11-01').text,
    ).toBe('1 نوفمبر 2026');
    expect(describeActivityValue('report_archive', 'filters.to', '2026-11-27').text).toBe(
      '27 نوفمبر 2026',
    );
    expect(describeActivityValue('financial_record', 'amount', '1500.50').text).toBe(
      '1,500.50 ريال',
    );
  });
});

describe('a family import in the log', () => {
  it('names its fields, its states and each row decision in Arabic', () => {
    expect(activityFieldLabel('family_import', 'file_name')).toBe('اسم الملف');
    expect(activityFieldLabel('family_import', 'total_rows')).toBe('عدد الصفوف');
    expect(activityFieldLabel('family_import', 'row_12')).toBe('القرار في الصف 12');
    expect(text('family_import', 'status', 'committing')).toBe('قيد الإنشاء');
    expect(text('family_import', 'row_12', 'update')).toBe('تحديث الأسرة المطابقة');
    expect(text('family_import', 'row_3', 'skip')).toBe('تخطي الصف');
    // `row_` names a decision only on an import.
    expect(findActivityFieldLabel('family', 'row_12')).toBeUndefined();
  });
});

describe('a document in the log', () => {
  it('reads its kind, type and size in Arabic, and isolates its fingerprint and name', () => {
    expect(text('document', 'kind', 'national_id')).toBe('الهوية الوطنية');
    expect(text('document', 'kind', 'photo')).not.toMatch(/[A-Za-z]/);
    expect(text('document', 'mime_type', 'application/pdf')).toBe('مستند بي دي إف');
    expect(text('document', 'mime_type', 'image/png')).not.toMatch(/[A-Za-z]/);
    expect(text('document', 'size', 2 * 1024)).toBe('كيلوبايتان');
    const fingerprint = describeActivityValue('document', 'sha256', 'ab12'.repeat(16));
    expect(fingerprint.ltr).toBe(true);
    expect(describeActivityValue('document', 'file_name', 'صورة-المنزل.png').ltr).toBe(true);
  });
});
