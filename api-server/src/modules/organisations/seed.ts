import type { Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { organisationSearchText } from './repository';

/** Named demo organisations tests and e2e look for. */
export const ORGANISATION_FIXTURES = {
  donorOrganisation: { name: 'مؤسسة الخير للتنمية', registration_number: '7001234567' },
} as const;

/** Demo organisations: one of each type, one inactive, with agreements. */
const ORGANISATIONS = [
  {
    name: ORGANISATION_FIXTURES.donorOrganisation.name,
    name_en: 'Al-Khair Development Foundation',
    type: 'donor',
    registration_number: ORGANISATION_FIXTURES.donorOrganisation.registration_number,
    contact_person: 'عبدالعزيز بن محمد الراشد',
    phone: '+966501112233',
    email: 'grants@alkhair.org.sa',
    city: 'riyadh',
    website: 'https://alkhair.org.sa',
    status: 'active',
    agreements: [
      {
        title: 'منحة برنامج سلة رمضان 1447',
        start_date: '2026-01-01',
        end_date: '2026-04-30',
        value: 250000,
      },
      {
        title: 'اتفاقية دعم الأسر المتعففة',
        start_date: '2025-07-01',
        end_date: '2026-06-30',
        value: 600000,
      },
    ],
  },
  {
    name: 'جمعية البر الخيرية بجدة',
    name_en: 'Al-Birr Charity Jeddah',
    type: 'partner',
    registration_number: '1150',
    contact_person: 'سامي بن عبدالله الحارثي',
    phone: '0126543210',
    email: 'info@albirr-jeddah.org.sa',
    city: 'jeddah',
    website: 'https://albirr-jeddah.org.sa',
    status: 'active',
    agreements: [
      {
        title: 'مذكرة تفاهم لتبادل الإحالات',
        start_date: '2025-09-01',
        end_date: '2027-08-31',
        value: null,
      },
    ],
  },
  {
    name: 'وزارة الموارد البشرية والتنمية الاجتماعية - فرع الرياض',
    name_en: 'HRSD Riyadh Branch',
    type: 'government',
    registration_number: null,
    contact_person: 'إدارة الشراكات',
    phone: '920001234',
    email: null,
    city: 'riyadh',
    website: 'https://hrsd.gov.sa',
    status: 'active',
    agreements: [],
  },
  {
    name: 'شركة المؤن الغذائية المحدودة',
    name_en: 'Al-Muon Foods Co.',
    type: 'supplier',
    registration_number: '1010456789',
    contact_person: 'وليد بن سعد القرني',
    phone: '+966533344556',
    email: 'sales@almuon.com.sa',
    city: 'riyadh',
    website: null,
    status: 'active',
    agreements: [
      {
        title: 'توريد السلال الغذائية لموسم رمضان',
        start_date: '2026-01-15',
        end_date: '2026-03-31',
        value: 180000,
      },
    ],
  },
  {
    name: 'فريق سواعد التطوعي',
    name_en: null,
    type: 'volunteer_body',
    registration_number: null,
    contact_person: 'ريم بنت فهد الدوسري',
    phone: '+966544455667',
    email: 'sawaed.team@gmail.com',
    city: 'dammam',
    website: null,
    status: 'active',
    agreements: [
      {
        title: 'التطوع في أيام التوزيع',
        start_date: '2026-02-01',
        end_date: '2026-12-31',
        value: null,
      },
    ],
  },
  {
    name: 'مؤسسة النماء الوقفية',
    name_en: 'Al-Namaa Endowment',
    type: 'donor',
    registration_number: '7009876543',
    contact_person: 'هند بنت ناصر الشمري',
    phone: '0114567890',
    email: 'contact@alnamaa.org.sa',
    city: 'riyadh',
    website: 'https://alnamaa.org.sa',
    status: 'inactive',
    agreements: [
      {
        title: 'منحة كسوة الشتاء 1446',
        start_date: '2024-11-01',
        end_date: '2025-02-28',
        value: 75000,
      },
    ],
  },
] as const;

/** Inserts the demo organisations (SEED_DEMO) in the seed transaction. */
export async function seedOrganisations(
  trx: Transaction<Database>,
  context: SeedContext,
): Promise<void> {
  if (!context.demo) return;
  const adminId = context.employees.get('admin') ?? null;
  for (const organisation of ORGANISATIONS) {
    const { agreements, ...fields } = organisation;
    const { id } = await trx
      .insertInto('organisations')
      .values({
        ...fields,
        name_normalized: normaliseArabic(fields.name),
        search_text: organisationSearchText(fields),
        notes: null,
        created_by: adminId,
        updated_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (agreements.length > 0) {
      await trx
        .insertInto('organisation_agreements')
        .values(agreements.map((agreement) => ({ ...agreement, organisation_id: id, notes: null })))
        .execute();
    }
  }
}
