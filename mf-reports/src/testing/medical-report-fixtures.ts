import type { MedicalArchive, MedicalReport } from 'shared-contracts/reports';
import { archiveOf } from './fixtures';

/**
 * A medical report as the API answers it to an employee who may see medical fields (with the
 * individuals); `overrides` change parts of it (`individuals: null` for a reports-only reader).
 */
export function medicalReport(overrides: Partial<MedicalReport> = {}): MedicalReport {
  return {
    kind: 'medical',
    period: { from: '2026-01-01', to: '2026-03-31', days: 90 },
    parameters: { city: 'riyadh', district: null, sex: null, age_band: null },
    summary: {
      families: 4,
      members: 11,
      members_with_condition: 4,
      members_with_disability: 3,
      members_unrecorded: 6,
      families_affected: 3,
      services: 5,
      services_delivered: 2,
      services_open: 2,
      services_cost: '450.75',
      families_served: 3,
    },
    by_condition: [
      { code: 'chronic_illness', label: 'مرض مزمن', members: 2, male: 2, female: 0 },
      { code: 'bedridden', label: 'طريح الفراش', members: 1, male: 0, female: 1 },
      { code: null, label: 'غير مسجلة', members: 6, male: 4, female: 2 },
    ],
    by_disability: [
      { code: 'physical', label: 'حركية', members: 2, male: 1, female: 1 },
      { code: 'visual', label: 'بصرية', members: 1, male: 0, female: 1 },
    ],
    by_sex_age: [
      {
        sex: 'male',
        sex_label: 'ذكر',
        age_band: 'age_5_17',
        age_band_label: 'من 5 إلى 17 سنة',
        members: 3,
        with_condition: 1,
        with_disability: 1,
      },
      {
        sex: 'female',
        sex_label: 'أنثى',
        age_band: 'age_18_59',
        age_band_label: 'من 18 إلى 59 سنة',
        members: 3,
        with_condition: 1,
        with_disability: 1,
      },
    ],
    by_area: [
      {
        city: 'riyadh',
        city_label: 'الرياض',
        district: 'riyadh_olaya',
        district_label: 'العليا',
        members: 3,
        with_condition: 2,
        with_disability: 1,
        services: 2,
      },
    ],
    services_by_type: [
      { type_id: 1, type_name: 'إحالة طبية', services: 3, delivered: 1, cost: '150.50' },
      { type_id: 2, type_name: 'صرف أدوية', services: 2, delivered: 1, cost: '300.25' },
    ],
    services_by_status: [
      { status: 'requested', label: 'مطلوبة', services: 1 },
      { status: 'delivered', label: 'منفذة', services: 2 },
    ],
    services_by_month: [
      { month: '2026-01', services: 1, delivered: 1 },
      { month: '2026-02', services: 2, delivered: 1 },
      { month: '2026-03', services: 2, delivered: 0 },
    ],
    individuals: [
      {
        member_id: 31,
        full_name: 'سالم أحمد سالم الغامدي',
        family: { id: 11, file_number: 'F-1447-00011' },
        sex: 'male',
        sex_label: 'ذكر',
        age: 11,
        health_status: 'disabled',
        health_status_label: 'ذو إعاقة',
        disabilities: ['physical', 'hearing'],
        disability_labels: ['حركية', 'سمعية'],
        city_label: 'الرياض',
        district_label: 'العليا',
        services: 1,
      },
    ],
    individuals_total: 1,
    ...overrides,
  };
}

/** An archive of `snapshot`, made on 2026-04-01. */
export function medicalArchive(snapshot: MedicalReport = medicalReport()): MedicalArchive {
  return archiveOf(snapshot, {
    id: 9,
    title: 'التقرير الطبي للربع الأول',
    row_count: 15,
    created_by: { id: 1, name: 'مدير النظام' },
    created_at: '2026-04-01T08:00:00.000Z',
  });
}
