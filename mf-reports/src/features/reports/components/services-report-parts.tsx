import type { ReactNode } from 'react';
import type { ServicesReportParameters } from 'shared-contracts/reports';
import { Card, Muted, SectionTitle, Stack } from 'shared-ui';

/** A titled part of a report; `keep` keeps it on one printed page. */
export function ReportSection({
  id,
  title,
  keep = false,
  children,
}: {
  id: string;
  title: string;
  keep?: boolean;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} {...(keep ? { 'data-print-keep': '' } : {})}>
      <Stack $gap="md">
        <SectionTitle id={id}>{title}</SectionTitle>
        {children}
      </Stack>
    </Card>
  );
}

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
