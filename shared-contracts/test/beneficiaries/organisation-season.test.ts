import '../../src/index';
import {
  ORGANISATION_MESSAGES,
  fromOrganisationListParams,
  organisationDetailSchema,
  organisationDetailToInput,
  organisationInputSchema,
  organisationListQuerySchema,
} from '../../src/beneficiaries/organisation';
import {
  SEASON_MESSAGES,
  SEASON_STATUS_CODES,
  SEASON_STATUS_TRANSITIONS,
  VOUCHER_ALPHABET,
  VOUCHER_CODE_PATTERN,
  canTransitionSeason,
  distributionInputSchema,
  generateVoucherCode,
  isFamilyEligible,
  isWellFormedVoucherCode,
  normaliseVoucherCode,
  seasonEnrolmentSchema,
  seasonInputSchema,
  seasonSchema,
  seasonStatusChangeSchema,
  seasonToInput,
  seasonTransitionError,
  verifyVoucherCode,
  type EligibilityFamily,
  type SeasonStatus,
} from '../../src/beneficiaries/season';
import { errorsOf, parseOk, seededRandom } from './helpers';

describe('organisations', () => {
  const org = { name: 'مؤسسة البر الخيرية', type: 'donor' };

  test('a minimal organisation parses with defaults', () => {
    expect(parseOk(organisationInputSchema, org)).toMatchObject({
      name: 'مؤسسة البر الخيرية',
      type: 'donor',
      status: 'active',
      agreements: [],
    });
  });

  test('required name and type in Arabic', () => {
    expect(errorsOf(organisationInputSchema, { name: '', type: '' })).toEqual({
      name: ['هذا الحقل مطلوب'],
      type: ['هذا الحقل مطلوب'],
    });
    expect(errorsOf(organisationInputSchema, { ...org, type: 'bank' })).toEqual({
      type: ['القيمة غير صحيحة'],
    });
  });

  test('phone: mobile or landline; email lower-cased; website gets https://', () => {
    const parsed = parseOk(organisationInputSchema, {
      ...org,
      phone: '011 234 5678',
      email: ' Info@Albir.org.SA ',
      website: 'albir.org.sa',
      registration_number: '٧٠٠١٢٣٤٥٦٧',
      city: '',
    });
    expect(parsed).toMatchObject({
      phone: '0112345678',
      email: 'info@albir.org.sa',
      website: 'https://albir.org.sa',
      registration_number: '7001234567',
      city: null,
    });
    expect(parseOk(organisationInputSchema, { ...org, phone: '0512345678' }).phone).toBe(
      '+966512345678',
    );
  });

  test('bad email and website are refused in Arabic', () => {
    expect(
      errorsOf(organisationInputSchema, {
        ...org,
        email: 'not-an-email',
        website: 'javascript:alert(1)',
      }),
    ).toEqual({
      email: [ORGANISATION_MESSAGES.invalidEmail],
      website: [ORGANISATION_MESSAGES.invalidWebsite],
    });
  });

  test('an agreement cannot end before it starts', () => {
    const agreements = [
      {
        title: 'اتفاقية دعم السلال الرمضانية',
        start_date: '2025-03-01',
        end_date: '2025-02-01',
        value: '50000',
      },
    ];
    expect(errorsOf(organisationInputSchema, { ...org, agreements })).toEqual({
      'agreements.0.end_date': ['تاريخ نهاية الاتفاقية يجب أن يكون في تاريخ البداية أو بعده'],
    });
    const sameDay = [{ ...agreements[0], end_date: '2025-03-01' }];
    expect(
      parseOk(organisationInputSchema, { ...org, agreements: sameDay }).agreements[0]?.value,
    ).toBe(50000);
  });

  test('list filters type, status, city', () => {
    expect(
      parseOk(organisationListQuerySchema, {
        'filter[type]': 'donor,partner',
        'filter[status]': 'active',
        'filter[city]': 'jeddah',
      }).filter,
    ).toEqual({
      type: ['donor', 'partner'],
      status: ['active'],
      city: ['jeddah'],
    });
    expect(fromOrganisationListParams({ 'filter[type]': 'bank' }).filter).toEqual({});
  });

  test('a detail round-trips into the edit form', () => {
    const detail = parseOk(organisationDetailSchema, {
      id: 1,
      name: 'مؤسسة البر الخيرية',
      name_en: null,
      type: 'donor',
      registration_number: null,
      contact_person: 'خالد العتيبي',
      phone: '+966512345678',
      email: null,
      city: { code: 'riyadh', label: 'الرياض' },
      website: null,
      status: 'active',
      agreements_count: 1,
      created_at: '2025-03-01T08:00:00.000Z',
      updated_at: '2025-03-01T08:00:00.000Z',
      notes: null,
      agreements: [
        {
          id: 5,
          title: 'اتفاقية',
          start_date: '2025-01-01',
          end_date: '2025-12-31',
          value: '1000.00',
          notes: null,
        },
      ],
    });
    expect(parseOk(organisationInputSchema, organisationDetailToInput(detail))).toMatchObject({
      city: 'riyadh',
      agreements: [{ id: 5, value: 1000 }],
    });
  });
});

describe('season status workflow', () => {
  const allowed: Array<[SeasonStatus, SeasonStatus]> = [
    ['draft', 'approved'],
    ['approved', 'distributing'],
    ['distributing', 'closed'],
    ['draft', 'cancelled'],
    ['approved', 'cancelled'],
    ['distributing', 'cancelled'],
  ];

  test('exactly the allowed transitions', () => {
    const keys = new Set(allowed.map(([from, to]) => `${from}>${to}`));
    for (const from of SEASON_STATUS_CODES) {
      for (const to of SEASON_STATUS_CODES)
        expect(canTransitionSeason(from, to)).toBe(keys.has(`${from}>${to}`));
    }
    expect(SEASON_STATUS_TRANSITIONS.closed).toEqual([]);
    expect(SEASON_STATUS_TRANSITIONS.cancelled).toEqual([]);
    expect(seasonTransitionError('closed', 'distributing')).toBe(
      'لا يمكن نقل البرنامج من حالة «مغلق» إلى حالة «قيد التوزيع»',
    );
  });

  test('cancelling needs a reason', () => {
    expect(errorsOf(seasonStatusChangeSchema, { status: 'cancelled' })).toEqual({
      reason: ['يجب ذكر السبب'],
    });
    expect(parseOk(seasonStatusChangeSchema, { status: 'approved' }).status).toBe('approved');
  });
});

describe('season input', () => {
  const season = {
    name: 'سلة رمضان 1447',
    kind: 'ramadan_basket',
    hijri_year: '١٤٤٧',
    start_date: '2026-02-10',
    end_date: '2026-03-20',
  };

  test('parses with the default eligibility (approved families)', () => {
    expect(parseOk(seasonInputSchema, season)).toMatchObject({
      hijri_year: 1447,
      eligibility: { categories: [], statuses: ['approved'] },
    });
  });

  test('end date before start date', () => {
    expect(errorsOf(seasonInputSchema, { ...season, end_date: '2026-02-01' })).toEqual({
      end_date: [SEASON_MESSAGES.endBeforeStart],
    });
  });

  test('Hijri year within 1400–1500; min age ≤ max age', () => {
    expect(errorsOf(seasonInputSchema, { ...season, hijri_year: 1399 })).toEqual({
      hijri_year: ['يجب أن تكون القيمة 1400 أو أكثر'],
    });
    expect(
      errorsOf(seasonInputSchema, {
        ...season,
        eligibility: { member_min_age: 15, member_max_age: 6 },
      }),
    ).toEqual({
      'eligibility.member_max_age': ['الحد الأدنى للعمر يجب ألا يتجاوز الحد الأعلى'],
    });
    expect(
      errorsOf(seasonInputSchema, { ...season, eligibility: { statuses: ['archived'] } }),
    ).toEqual({
      'eligibility.statuses.0': ['القيمة غير صحيحة'],
    });
  });

  test('enrolment: chosen families or all eligible', () => {
    expect(parseOk(seasonEnrolmentSchema, { mode: 'families', family_ids: ['3', 4] })).toEqual({
      mode: 'families',
      family_ids: [3, 4],
    });
    expect(parseOk(seasonEnrolmentSchema, { mode: 'all_eligible' })).toEqual({
      mode: 'all_eligible',
    });
    expect(seasonEnrolmentSchema.safeParse({ mode: 'families', family_ids: [] }).success).toBe(
      false,
    );
  });

  test('a season response round-trips into the edit form', () => {
    const response = parseOk(seasonSchema, {
      id: 2,
      name: 'كسوة الشتاء',
      kind: 'winter_kit',
      hijri_year: 1447,
      start_date: '2025-12-01',
      end_date: '2026-01-15',
      budget: '150000.00',
      funding_org: { id: 1, name: 'مؤسسة البر الخيرية' },
      eligibility: {
        categories: [{ code: 'orphans', label: 'أيتام' }],
        max_per_capita_income: '800.00',
        member_min_age: null,
        member_max_age: 14,
        statuses: ['approved'],
      },
      status: 'approved',
      status_reason: null,
      notes: null,
      beneficiaries_count: 0,
      received_count: 0,
      cash_distributed_total: 0,
      created_at: '2025-11-01T08:00:00.000Z',
      updated_at: '2025-11-01T08:00:00.000Z',
    });
    expect(parseOk(seasonInputSchema, seasonToInput(response))).toMatchObject({
      budget: 150000,
      funding_org_id: 1,
      eligibility: { categories: ['orphans'], max_per_capita_income: 800, member_max_age: 14 },
    });
  });
});

describe('eligibility', () => {
  const AT = '2026-02-10';
  const family: EligibilityFamily = {
    status: 'approved',
    categories: [{ code: 'orphans' }, 'widows'],
    per_capita_income: '600.00',
    members: [{ birth_date: '1985-04-01' }, { birth_date: '2016-09-01' }],
  };

  test('an approved family with no rule is eligible', () => {
    expect(isFamilyEligible(family, {}, AT)).toEqual({ eligible: true, reasons: [] });
  });

  test('status: approved by default; the rule may widen it', () => {
    const pending = { ...family, status: 'pending_review' as const };
    const result = isFamilyEligible(pending, {}, AT);
    expect(result.eligible).toBe(false);
    expect(result.reasons).toEqual([
      'حالة الأسرة «قيد المراجعة» غير مشمولة، يشترط البرنامج: معتمدة',
    ]);
    expect(
      isFamilyEligible(pending, { statuses: ['approved', 'pending_review'] }, AT).eligible,
    ).toBe(true);
  });

  test('categories intersect', () => {
    expect(isFamilyEligible(family, { categories: ['widows', 'elderly'] }, AT).eligible).toBe(true);
    expect(isFamilyEligible(family, { categories: [{ code: 'elderly' }] }, AT)).toEqual({
      eligible: false,
      reasons: ['الأسرة لا تنتمي إلى أي من الفئات المستهدفة'],
    });
  });

  test('per-capita income at most the maximum', () => {
    expect(isFamilyEligible(family, { max_per_capita_income: 600 }, AT).eligible).toBe(true);
    const result = isFamilyEligible(family, { max_per_capita_income: '500.00' }, AT);
    expect(result.eligible).toBe(false);
    expect(result.reasons[0]).toContain('يتجاوز الحد الأعلى');
    expect(
      isFamilyEligible({ ...family, per_capita_income: null }, { max_per_capita_income: 500 }, AT)
        .reasons,
    ).toEqual(['دخل الفرد في الأسرة غير محدد']);
  });

  test('at least one member within the age range on the given date', () => {
    // The child is 9 on 2026-02-10 (born 2016-09-01).
    expect(isFamilyEligible(family, { member_min_age: 6, member_max_age: 12 }, AT).eligible).toBe(
      true,
    );
    expect(
      isFamilyEligible(family, { member_min_age: 10, member_max_age: 14 }, AT).reasons,
    ).toEqual(['لا يوجد في الأسرة فرد ضمن الفئة العمرية المستهدفة (من 10 إلى 14 سنة)']);
    expect(
      isFamilyEligible(family, { member_min_age: 10, member_max_age: 14 }, '2026-09-01').eligible,
    ).toBe(true);
    expect(isFamilyEligible(family, { member_min_age: 60 }, AT).reasons).toEqual([
      'لا يوجد في الأسرة فرد ضمن الفئة العمرية المستهدفة (60 سنة فأكثر)',
    ]);
    expect(isFamilyEligible(family, { member_max_age: 5 }, AT).eligible).toBe(false);
  });

  test('every failed rule gives its reason', () => {
    const result = isFamilyEligible(
      { ...family, status: 'suspended' },
      { categories: ['elderly'], max_per_capita_income: 100, member_min_age: 60 },
      AT,
    );
    expect(result.eligible).toBe(false);
    expect(result.reasons).toHaveLength(4);
  });
});

describe('distributions', () => {
  const base = {
    beneficiary_id: 5,
    distributed_at: '2025-03-01',
    received_by_name: 'فاطمة سعيد القحطاني',
  };

  test('items need at least one item; cash needs an amount above zero', () => {
    expect(
      parseOk(distributionInputSchema, {
        ...base,
        kind: 'items',
        items: [{ item: 'food_basket', quantity: '١' }],
      }).items,
    ).toEqual([{ item: 'food_basket', quantity: 1 }]);
    expect(errorsOf(distributionInputSchema, { ...base, kind: 'items', items: [] })).toEqual({
      items: [SEASON_MESSAGES.itemsRequired],
    });
    expect(errorsOf(distributionInputSchema, { ...base, kind: 'cash', cash_amount: 0 })).toEqual({
      cash_amount: [SEASON_MESSAGES.cashRequired],
    });
    expect(
      parseOk(distributionInputSchema, { ...base, kind: 'cash', cash_amount: '٥٠٠' }).cash_amount,
    ).toBe(500);
  });

  test('the beneficiary is required; the date cannot be in the future; the receiver ID is checked', () => {
    const { beneficiary_id: _b, ...noBeneficiary } = base;
    expect(
      errorsOf(distributionInputSchema, { ...noBeneficiary, kind: 'cash', cash_amount: 100 }),
    ).toEqual({
      beneficiary_id: [SEASON_MESSAGES.beneficiaryRequired],
    });
    expect(
      parseOk(distributionInputSchema, {
        ...noBeneficiary,
        family_id: 9,
        kind: 'cash',
        cash_amount: 100,
      }).family_id,
    ).toBe(9);
    expect(
      errorsOf(distributionInputSchema, {
        ...base,
        kind: 'cash',
        cash_amount: 100,
        distributed_at: '2999-01-01',
      }),
    ).toEqual({
      distributed_at: ['تاريخ التسليم لا يمكن أن يكون في المستقبل'],
    });
    expect(
      errorsOf(distributionInputSchema, {
        ...base,
        kind: 'cash',
        cash_amount: 100,
        received_by_national_id: '1000000000',
      }),
    ).toEqual({
      received_by_national_id: ['رقم الهوية غير صالح'],
    });
  });

  test('handed_over_by is not accepted from the body', () => {
    const parsed = parseOk(distributionInputSchema, {
      ...base,
      kind: 'cash',
      cash_amount: 100,
      handed_over_by: 99,
    });
    expect('handed_over_by' in parsed).toBe(false);
  });
});

describe('voucher codes', () => {
  const ramadan = { id: 12, kind: 'ramadan_basket' as const, hijri_year: 1447 };

  test('format RM47-XXXX-XX, deterministic for a seeded random source', () => {
    const code = generateVoucherCode(ramadan, 345, seededRandom(42));
    expect(code).toMatch(VOUCHER_CODE_PATTERN);
    expect(code.startsWith('RM47-')).toBe(true);
    expect(generateVoucherCode(ramadan, 345, seededRandom(42))).toBe(code);
    expect(generateVoucherCode(ramadan, 345, seededRandom(43))).not.toBe(code);
    expect(
      generateVoucherCode({ id: 1, kind: 'winter_kit', hijri_year: 1450 }, 1, () => 0),
    ).toMatch(/^WK50-AAAA-[A-Z2-9]{2}$/);
  });

  test('the random and check parts never use 0, O, 1 or I', () => {
    expect(VOUCHER_ALPHABET).toHaveLength(32);
    expect(VOUCHER_ALPHABET).not.toMatch(/[0O1I]/);
    const random = seededRandom(7);
    for (let familyId = 1; familyId <= 500; familyId += 1) {
      const [, body, check] = generateVoucherCode(ramadan, familyId, random).split('-');
      expect(`${body}${check}`).not.toMatch(/[0O1I]/);
    }
    expect(generateVoucherCode(ramadan, 1, () => 0.999999999)).toMatch(/^RM47-9999-/);
  });

  test('verification binds the code to the season and the family; typing is forgiving', () => {
    const code = generateVoucherCode(ramadan, 345, seededRandom(1));
    expect(verifyVoucherCode(code, ramadan, 345)).toBe(true);
    expect(verifyVoucherCode(code, ramadan, 346)).toBe(false);
    expect(verifyVoucherCode(code, { ...ramadan, id: 13 }, 345)).toBe(false);
    const typed = ` ${code.toLowerCase().replace(/-/g, ' ').replace('47', '٤٧')} `;
    expect(normaliseVoucherCode(typed)).toBe(code);
    expect(verifyVoucherCode(typed, ramadan, 345)).toBe(true);
    // The year is always digits: O and I/L typed there are read as 0 and 1.
    const adahi = { id: 3, kind: 'adahi' as const, hijri_year: 1410 };
    const adahiCode = generateVoucherCode(adahi, 8, seededRandom(5));
    expect(adahiCode.startsWith('AD10-')).toBe(true);
    expect(verifyVoucherCode(adahiCode.replace('AD10', 'adIO'), adahi, 8)).toBe(true);
    expect(isWellFormedVoucherCode('RM47-7KQ2-X9')).toBe(true);
    expect(isWellFormedVoucherCode('RM47-7KQ0-X9')).toBe(false);
  });

  test('a mistyped character is caught by the check characters', () => {
    const code = generateVoucherCode(ramadan, 345, seededRandom(3));
    const body = code.slice(5, 9);
    const swapped = body[0] === 'A' ? `B${body.slice(1)}` : `A${body.slice(1)}`;
    expect(verifyVoucherCode(`RM47-${swapped}-${code.slice(10)}`, ramadan, 345)).toBe(false);
  });
});
