import type {
  FinancialServicesReport,
  FinancialServicesReportArchive,
  ServicesReport,
  ServicesReportArchive,
  ServicesReportParameters,
} from 'shared-contracts/reports';
import { archiveOf } from './fixtures';

const PARAMETERS: ServicesReportParameters = {
  season_id: null,
  season_name: null,
  department_id: 3,
  department_name: 'الرعاية الاجتماعية',
  axis_id: null,
  axis_name: null,
  service_type_id: null,
  service_type_name: null,
  city: null,
  city_label: null,
};

/**
 * The services report of the API test's fixture (January–February 2026): 7 services requested,
 * 4 delivered in 5, 14, 2 and 2 days (mean 5.8, median 3.5), one overdue by 18 days.
 */
export function servicesReport(overrides: Partial<ServicesReport> = {}): ServicesReport {
  return {
    kind: 'services',
    period: { from: '2026-01-01', to: '2026-02-28', days: 59 },
    parameters: PARAMETERS,
    as_of: '2026-02-28',
    totals: {
      requested: 7,
      delivered: 4,
      open: 2,
      overdue: 1,
      average_days: 5.8,
      median_days: 3.5,
      families: 2,
      rejected: 1,
      cancelled: 0,
    },
    by_status: [
      { status: 'requested', label: 'مطلوبة', count: 1 },
      { status: 'approved', label: 'معتمدة', count: 1 },
      { status: 'in_progress', label: 'قيد التنفيذ', count: 0 },
      { status: 'delivered', label: 'منفذة', count: 4 },
      { status: 'rejected', label: 'مرفوضة', count: 1 },
      { status: 'cancelled', label: 'ملغاة', count: 0 },
    ],
    by_type: [
      {
        service_type: { id: 21, name: 'سلة غذائية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'الإغاثة',
        requested: 3,
        delivered: 3,
        open: 0,
        overdue: 0,
        average_days: 7,
        median_days: 5,
      },
      {
        service_type: { id: 23, name: 'دورة تدريبية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'التمكين',
        requested: 2,
        delivered: 0,
        open: 1,
        overdue: 1,
        average_days: null,
        median_days: null,
      },
    ],
    by_department: [
      {
        department: { id: 3, name: 'الرعاية الاجتماعية' },
        requested: 5,
        delivered: 3,
        open: 1,
        overdue: 1,
        average_days: 7,
        median_days: 5,
      },
    ],
    by_axis: [
      {
        axis: { id: 5, name: 'الإغاثة' },
        requested: 3,
        delivered: 3,
        open: 0,
        overdue: 0,
        average_days: 7,
        median_days: 5,
      },
      {
        axis: { id: 6, name: 'التمكين' },
        requested: 2,
        delivered: 0,
        open: 1,
        overdue: 1,
        average_days: null,
        median_days: null,
      },
    ],
    by_month: [
      { month: '2026-01', label: 'يناير 2026', requested: 3, delivered: 3 },
      { month: '2026-02', label: 'فبراير 2026', requested: 4, delivered: 1 },
    ],
    overdue: [
      {
        service_id: 44,
        family: { id: 12, file_number: 'F-1447-00012', head_name: 'خالد سعد الحربي' },
        service_type_name: 'دورة تدريبية',
        status: 'approved',
        status_label: 'معتمدة',
        request_date: '2026-02-01',
        expected_date: '2026-02-10',
        days_overdue: 18,
      },
    ],
    ...overrides,
  };
}

export function servicesArchive(
  snapshot: ServicesReport = servicesReport(),
): ServicesReportArchive {
  return archiveOf(snapshot, {
    id: 8,
    title: 'خدمات الربع الأول',
    row_count: snapshot.by_type.length,
    created_at: '2026-03-01T08:00:00.000Z',
  });
}

/**
 * The financial-services report of the API test's fixture: 700.00 riyals over 5 delivered
 * services (one without a cost), 250.50 of «سلة رمضان»'s 1000.00.
 */
export function financialServicesReport(
  overrides: Partial<FinancialServicesReport> = {},
): FinancialServicesReport {
  return {
    kind: 'financial-services',
    period: { from: '2026-01-01', to: '2026-02-28', days: 59 },
    parameters: { ...PARAMETERS, department_id: null, department_name: null },
    totals: {
      services: 5,
      spent: '700.00',
      families: 2,
      beneficiaries: 2,
      unpriced: 1,
      average_per_family: '350.00',
    },
    by_type: [
      {
        service_type: { id: 21, name: 'سلة غذائية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'الإغاثة',
        services: 4,
        spent: '399.90',
      },
      {
        service_type: { id: 22, name: 'إحالة طبية' },
        department_name: 'الصحة',
        axis_name: 'الإغاثة',
        services: 1,
        spent: '300.10',
      },
    ],
    by_department: [
      { department: { id: 3, name: 'الرعاية الاجتماعية' }, services: 4, spent: '399.90' },
      { department: { id: 4, name: 'الصحة' }, services: 1, spent: '300.10' },
    ],
    by_axis: [{ axis: { id: 5, name: 'الإغاثة' }, services: 5, spent: '700.00' }],
    by_family: [
      {
        family: { id: 11, file_number: 'F-1447-00011', head_name: 'عبدالله محمد القحطاني' },
        city: 'riyadh',
        city_label: 'الرياض',
        services: 3,
        spent: '350.75',
        beneficiaries: 1,
      },
      {
        family: { id: 12, file_number: 'F-1447-00012', head_name: 'خالد سعد الحربي' },
        city: 'jeddah',
        city_label: 'جدة',
        services: 2,
        spent: '349.25',
        beneficiaries: 1,
      },
    ],
    by_family_total: 2,
    by_beneficiary: [
      {
        member: { id: 31, name: 'هيا علي الحربي' },
        family: { id: 12, file_number: 'F-1447-00012' },
        services: 1,
        spent: '300.10',
      },
    ],
    by_beneficiary_total: 1,
    by_season: [
      {
        season: { id: 2, name: 'سلة رمضان' },
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        budget: '1000.00',
        spent: '250.50',
        remaining: '749.50',
        used_percent: 25.1,
        services: 1,
      },
    ],
    ...overrides,
  };
}

export function financialServicesArchive(
  snapshot: FinancialServicesReport = financialServicesReport(),
): FinancialServicesReportArchive {
  return archiveOf(snapshot, {
    id: 9,
    title: 'الخدمات المالية يناير وفبراير',
    row_count: snapshot.by_family.length,
    created_at: '2026-03-01T08:00:00.000Z',
  });
}
