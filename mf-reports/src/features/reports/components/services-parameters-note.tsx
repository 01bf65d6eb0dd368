import type { ServicesReportParameters } from 'shared-contracts/reports';
import { Muted } from 'shared-ui';

/** The filters a snapshot was computed with, in words (names as they were then). */
export function ParametersNote({ parameters }: { parameters: ServicesReportParameters }) {
  const parts = [
    parameters.season_name ? `البرنامج الموسمي: ${parameters.season_name}` : null,
    parameters.department_id !== null
      ? `القسم: ${parameters.department_name ?? 'غير موجود'}`
      : null,
    parameters.axis_id !== null ? `المحور: ${parameters.axis_name ?? 'غير موجود'}` : null,
    parameters.service_type_id !== null
      ? `نوع الخدمة: ${parameters.service_type_name ?? 'غير موجود'}`
      : null,
    parameters.city_label ? `المدينة: ${parameters.city_label}` : null,
  ].filter((part): part is string => part !== null);
  return <Muted>{parts.length > 0 ? parts.join('، ') : 'كل الخدمات دون تصفية إضافية'}</Muted>;
}
