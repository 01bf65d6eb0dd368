import ExcelJS from 'exceljs';
import {
  FAMILY_IMPORT_COLUMNS,
  IMPORT_SHEET_NAMES,
  MEMBER_IMPORT_COLUMNS,
  type ImportColumn,
} from 'shared-contracts/beneficiaries';
import type { LookupSet } from '../../lookups';

/** The Arabic names of the lookup lists in the allowed-values sheet. */
const LIST_TITLES: Record<string, string> = {
  genders: 'الجنس',
  marital_statuses: 'الحالة الاجتماعية',
  health_statuses: 'الحالة الصحية',
  education_levels: 'المستوى التعليمي',
  employment_statuses: 'الحالة الوظيفية',
  cities: 'المدن',
  districts: 'الأحياء',
  housing_types: 'أنواع السكن',
  housing_ownerships: 'ملكية السكن',
  family_categories: 'فئات الأسر',
  relationships: 'صلة القرابة',
  disability_types: 'أنواع الإعاقة',
};

function addDataSheet(
  book: ExcelJS.Workbook,
  title: string,
  columns: readonly ImportColumn[],
): void {
  const sheet = book.addWorksheet(title, {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    header: column.label,
    key: column.path,
    width: Math.max(14, column.label.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  // Every cell text: national IDs and phones keep their leading zeros and all their digits.
  columns.forEach((_column, index) => {
    sheet.getColumn(index + 1).numFmt = '@';
  });
  sheet.addRow(Object.fromEntries(columns.map((column) => [column.path, column.example])));
}

/**
 * The import template (docs/family-import.md): the families sheet, the members sheet (keyed by the
 * head's national ID), each with its Arabic headers and one example row, right to left, and the
 * allowed values of every coded field as the lookups say them now (active entries only).
 */
export async function familyImportTemplate(lookups: LookupSet): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'عطاء';
  addDataSheet(book, IMPORT_SHEET_NAMES.families, FAMILY_IMPORT_COLUMNS);
  addDataSheet(book, IMPORT_SHEET_NAMES.members, MEMBER_IMPORT_COLUMNS);

  const values = book.addWorksheet(IMPORT_SHEET_NAMES.values, {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  values.columns = [
    { header: 'القائمة', key: 'list', width: 22 },
    { header: 'القيمة', key: 'label', width: 30 },
    { header: 'الرمز', key: 'code', width: 24 },
    { header: 'تتبع', key: 'parent', width: 20 },
  ];
  values.getRow(1).font = { bold: true };
  const listNames = [
    ...new Set(
      [...FAMILY_IMPORT_COLUMNS, ...MEMBER_IMPORT_COLUMNS].flatMap((column) =>
        column.lookup ? [column.lookup] : [],
      ),
    ),
  ];
  for (const name of listNames) {
    const cityLabels =
      name === 'districts'
        ? new Map(lookups.list('cities').map((city) => [city.code, city.label_ar]))
        : undefined;
    for (const entry of lookups.list(name)) {
      if (!entry.active) continue;
      values.addRow({
        list: LIST_TITLES[name] ?? name,
        label: entry.label_ar,
        code: entry.code,
        // A district belongs to a city: the city's name beside it.
        parent: entry.parent_code ? (cityLabels?.get(entry.parent_code) ?? entry.parent_code) : '',
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
