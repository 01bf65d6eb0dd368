import type { Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { catalogueSearchText } from './repository';

/** Named demo catalogue entries tests and e2e look for. */
export const SERVICE_CATALOGUE_FIXTURES = {
  socialCare: 'الرعاية الاجتماعية',
  health: 'الصحة',
  education: 'التعليم',
  housing: 'الإسكان',
  reliefAxis: 'الإغاثة',
  empowermentAxis: 'التمكين',
  foodBasket: 'سلة غذائية',
  medicalReferral: 'إحالة طبية لمستشفى',
  /** Inactive: a service cannot be requested with it. */
  retiredType: 'قسائم شراء ملابس (متوقفة)',
} as const;

const F = SERVICE_CATALOGUE_FIXTURES;

const DEPARTMENTS = [
  { name: F.socialCare, manager: 'researcher' },
  { name: F.health, manager: 'admin' },
  { name: F.education, manager: null },
  { name: F.housing, manager: null },
] as const;

const AXES = [
  {
    name: F.empowermentAxis,
    description: 'برامج تنقل الأسرة من الاحتياج إلى الإنتاج: التدريب والتوظيف والمشاريع الصغيرة',
  },
  { name: F.reliefAxis, description: 'المساعدات العاجلة والدورية: الغذاء والكسوة والإيواء' },
  { name: 'الصحة', description: 'العلاج والأدوية والأجهزة الطبية والإحالات' },
  { name: 'التعليم', description: 'الرسوم الدراسية والحقائب والدروس المساندة' },
] as const;

type Department = (typeof DEPARTMENTS)[number]['name'];
type Axis = (typeof AXES)[number]['name'];

interface TypeSeed {
  name: string;
  department: Department;
  axis: Axis;
  default_cost: number | null;
  unit: string | null;
  is_medical?: boolean;
  active?: boolean;
}

const TYPES: readonly TypeSeed[] = [
  {
    name: F.foodBasket,
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 350,
    unit: 'سلة',
  },
  {
    name: 'كسوة شتوية',
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 200,
    unit: 'فرد',
  },
  {
    name: 'مساعدة نقدية طارئة',
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 1000,
    unit: 'دفعة',
  },
  {
    name: 'سداد فاتورة كهرباء',
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 450,
    unit: 'فاتورة',
  },
  {
    name: 'أجهزة منزلية',
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 1800,
    unit: 'جهاز',
  },
  {
    name: 'دورة تدريبية مهنية',
    department: F.socialCare,
    axis: F.empowermentAxis,
    default_cost: 2500,
    unit: 'دورة',
  },
  {
    name: 'تمويل مشروع منزلي صغير',
    department: F.socialCare,
    axis: F.empowermentAxis,
    default_cost: 8000,
    unit: 'مشروع',
  },
  {
    name: 'إرشاد أسري',
    department: F.socialCare,
    axis: F.empowermentAxis,
    default_cost: null,
    unit: 'جلسة',
  },
  {
    name: F.medicalReferral,
    department: F.health,
    axis: 'الصحة',
    default_cost: null,
    unit: 'إحالة',
    is_medical: true,
  },
  {
    name: 'صرف أدوية',
    department: F.health,
    axis: 'الصحة',
    default_cost: 300,
    unit: 'وصفة',
    is_medical: true,
  },
  {
    name: 'نظارات طبية',
    department: F.health,
    axis: 'الصحة',
    default_cost: 400,
    unit: 'نظارة',
    is_medical: true,
  },
  {
    name: 'جلسات علاج طبيعي',
    department: F.health,
    axis: 'الصحة',
    default_cost: 250,
    unit: 'جلسة',
    is_medical: true,
  },
  {
    name: 'كرسي متحرك',
    department: F.health,
    axis: 'الصحة',
    default_cost: 1200,
    unit: 'قطعة',
    is_medical: true,
  },
  {
    name: 'رسوم دراسية',
    department: F.education,
    axis: 'التعليم',
    default_cost: 3000,
    unit: 'فصل دراسي',
  },
  {
    name: 'حقيبة مدرسية',
    department: F.education,
    axis: 'التعليم',
    default_cost: 150,
    unit: 'حقيبة',
  },
  { name: 'دروس تقوية', department: F.education, axis: 'التعليم', default_cost: 600, unit: 'شهر' },
  {
    name: 'جهاز حاسب للطالب',
    department: F.education,
    axis: F.empowermentAxis,
    default_cost: 2200,
    unit: 'جهاز',
  },
  {
    name: 'دعم إيجار سكن',
    department: F.housing,
    axis: F.reliefAxis,
    default_cost: 1500,
    unit: 'شهر',
  },
  {
    name: 'ترميم منزل',
    department: F.housing,
    axis: F.reliefAxis,
    default_cost: 12000,
    unit: 'منزل',
  },
  {
    name: 'تأثيث منزل',
    department: F.housing,
    axis: F.reliefAxis,
    default_cost: 5000,
    unit: 'منزل',
  },
  {
    name: F.retiredType,
    department: F.socialCare,
    axis: F.reliefAxis,
    default_cost: 300,
    unit: 'قسيمة',
    active: false,
  },
];

/** The demo catalogue (SEED_DEMO): four departments, four axes and 21 service types (one inactive). */
export async function seedServiceCatalogue(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  if (!context.demo) return;
  const adminId = context.employees.get('admin') ?? null;
  const audit = { created_by: adminId, updated_by: adminId };
  const departments = await trx
    .insertInto('service_departments')
    .values(
      DEPARTMENTS.map((department) => ({
        name: department.name,
        name_normalized: normaliseArabic(department.name),
        manager_id: department.manager ? (context.employees.get(department.manager) ?? null) : null,
        search_text: catalogueSearchText(department.name),
        ...audit,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const axes = await trx
    .insertInto('service_axes')
    .values(
      AXES.map((axis) => ({
        name: axis.name,
        name_normalized: normaliseArabic(axis.name),
        description: axis.description,
        search_text: catalogueSearchText(axis.name, axis.description),
        ...audit,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const idOf = (rows: readonly { id: number; name: string }[], name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`demo catalogue: no ${name}`);
    return row.id;
  };
  await trx
    .insertInto('service_types')
    .values(
      TYPES.map((type) => ({
        name: type.name,
        name_normalized: normaliseArabic(type.name),
        department_id: idOf(departments, type.department),
        axis_id: idOf(axes, type.axis),
        default_cost: type.default_cost,
        unit: type.unit,
        is_medical: type.is_medical ?? false,
        active: type.active ?? true,
        search_text: catalogueSearchText(type.name, type.unit),
        ...audit,
      })),
    )
    .execute();
}
