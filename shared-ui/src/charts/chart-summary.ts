import type { ChartKind } from './chart-config';
import type { ChartData } from './types';

const KIND_NAMES: Record<ChartKind, string> = {
  bar: 'رسم بياني بالأعمدة',
  line: 'رسم بياني خطي',
  doughnut: 'رسم بياني دائري',
};

/**
 * The canvas's aria-label: what is drawn, of what, over which categories, and where the figures
 * are (the table below), e.g. «الإيرادات والمصروفات: رسم بياني بالأعمدة لـ الإيرادات، المصروفات
 * من يناير إلى مارس. الأرقام في الجدول التالي.».
 */
export function chartSummary(
  kind: ChartKind,
  title: string,
  data: ChartData,
  description?: string,
): string {
  const series = data.series.map((s) => s.label).join('، ');
  const first = data.labels[0];
  const last = data.labels[data.labels.length - 1];
  const range =
    first === undefined ? 'بلا بيانات' : first === last ? `عن ${first}` : `من ${first} إلى ${last}`;
  const parts = [`${title}: ${KIND_NAMES[kind]}${series ? ` لـ ${series}` : ''} ${range}.`];
  if (description) parts.push(description.endsWith('.') ? description : `${description}.`);
  parts.push('الأرقام في الجدول التالي.');
  return parts.join(' ');
}
