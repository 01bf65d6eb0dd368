import '../../src/index';
import {
  FAMILY_STATUS_CODES,
  FAMILY_STATUS_TRANSITIONS,
  REASON_REQUIRED_STATUSES,
  canTransition,
  familyStatusChangeSchema,
  familyTransitionError,
  type FamilyStatus,
} from '../../src/beneficiaries/family-status';
import {
  MEMBER_MESSAGES,
  familyMemberInputSchema,
  memberAge,
  memberMoveSchema,
  lookAlikeTo,
  namesLookAlike,
  isFourPartName,
  familyMemberListQuerySchema,
} from '../../src/beneficiaries/family-member';
import {
  FAMILY_MESSAGES,
  computeFamilyIncome,
  familyDetailSchema,
  familyDetailToInput,
  familyDraftSchema,
  familyInputSchema,
  familyListQuerySchema,
  familyListResponseSchema,
  familySubmitSchema,
  familyWriteSchemaFor,
  formatFileNumber,
  fromFamilyListParams,
  hijriYearOf,
  interpretFamilySearch,
  isReassessmentOverdue,
  nationalIdCheckResponseSchema,
  parseFileNumber,
  perCapitaIncome,
  toFamilyListParams,
} from '../../src/beneficiaries/family';
import { errorsOf, parseOk, validId } from './helpers';

const HEAD_ID = '1000000008';
const WIFE_ID = validId('104567893');
const DAUGHTER_ID = validId('112233445');

function validFamily(): Record<string, unknown> {
  return {
    head: {
      full_name: 'أحمد محمد علي الشهري',
      national_id: HEAD_ID,
      gender: 'male',
      birth_date: '1980-05-10',
    },
    primary_phone: '0512345678',
    city: 'riyadh',
    district: 'riyadh_olaya',
    housing_type: 'apartment',
    housing_ownership: 'rented',
    monthly_rent: '2500',
    income_sources: [
      { source: 'salary', amount: 3000 },
      { source: 'citizen_account', amount: '٧٢٠٫٥٠' },
    ],
    categories: ['low_income', 'low_income', 'large_family'],
    needs: [{ need_type: 'rent', priority: 'high' }],
    consent_data_processing: true,
    members: [
      {
        full_name: 'فاطمة سعيد القحطاني',
        national_id: WIFE_ID,
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-01-01',
        is_pregnant: true,
      },
      {
        full_name: 'سارة أحمد الشهري',
        national_id: DAUGHTER_ID,
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2010-07-15',
      },
      {
        full_name: 'محمد أحمد الشهري',
        national_id: '',
        relationship: 'son',
        gender: 'male',
        birth_date: '2024-02-29',
      },
    ],
  };
}

function withMembers(members: unknown[]): Record<string, unknown> {
  return { ...validFamily(), members };
}

describe('family status workflow', () => {
  const allowed: Array<[FamilyStatus, FamilyStatus]> = [
    ['draft', 'pending_review'],
    ['draft', 'archived'],
    ['pending_review', 'approved'],
    ['pending_review', 'rejected'],
    ['pending_review', 'archived'],
    ['approved', 'suspended'],
    ['approved', 'archived'],
    ['suspended', 'approved'],
    ['suspended', 'archived'],
    ['rejected', 'pending_review'],
    ['rejected', 'archived'],
  ];

  test.each(allowed)('%s → %s is allowed', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(familyTransitionError(from, to)).toBeNull();
  });

  test('nothing else is allowed (the whole 6 × 6 matrix)', () => {
    const allowedKeys = new Set(allowed.map(([from, to]) => `${from}>${to}`));
    for (const from of FAMILY_STATUS_CODES) {
      for (const to of FAMILY_STATUS_CODES) {
        expect(canTransition(from, to)).toBe(allowedKeys.has(`${from}>${to}`));
      }
    }
  });

  test.each([
    ['draft', 'approved'],
    ['pending_review', 'suspended'],
    ['approved', 'rejected'],
    ['rejected', 'approved'],
    ['suspended', 'rejected'],
    ['archived', 'draft'],
    ['archived', 'approved'],
  ] as Array<[FamilyStatus, FamilyStatus]>)(
    '%s → %s is refused with an Arabic message',
    (from, to) => {
      expect(canTransition(from, to)).toBe(false);
      expect(familyTransitionError(from, to)).toMatch(/^لا يمكن نقل الأسرة من حالة/);
    },
  );

  test('archived is terminal', () => {
    expect(FAMILY_STATUS_TRANSITIONS.archived).toEqual([]);
  });

  test('reject, suspend and archive need a reason of at least 3 characters', () => {
    expect(REASON_REQUIRED_STATUSES).toEqual(['rejected', 'suspended', 'archived']);
    for (const status of REASON_REQUIRED_STATUSES) {
      expect(errorsOf(familyStatusChangeSchema, { status })).toEqual({ reason: ['يجب ذكر السبب'] });
      expect(errorsOf(familyStatusChangeSchema, { status, reason: '  أب ' })).toEqual({
        reason: ['يجب ذكر السبب'],
      });
      expect(
        parseOk(familyStatusChangeSchema, { status, reason: ' دخل الأسرة تجاوز الحد ' }).reason,
      ).toBe('دخل الأسرة تجاوز الحد');
    }
  });

  test('approve and submit need no reason', () => {
    expect(parseOk(familyStatusChangeSchema, { status: 'approved' }).status).toBe('approved');
    expect(
      parseOk(familyStatusChangeSchema, { status: 'pending_review', reason: null }).status,
    ).toBe('pending_review');
  });

  test('an unknown status is refused', () => {
    expect(errorsOf(familyStatusChangeSchema, { status: 'deleted' })).toEqual({
      status: ['القيمة غير صحيحة'],
    });
  });
});

describe('income and age computations', () => {
  test('total income sums amounts without float drift, strings included', () => {
    expect(computeFamilyIncome([{ amount: 0.1 }, { amount: 0.2 }])).toBe(0.3);
    expect(computeFamilyIncome([{ amount: 3000 }, { amount: '720.50' }, { amount: null }])).toBe(
      3720.5,
    );
    expect(computeFamilyIncome([])).toBe(0);
  });

  test('per-capita income rounds to 2 decimals; no members → null', () => {
    expect(perCapitaIncome(1000, 3)).toBe(333.33);
    expect(perCapitaIncome(3720.5, 4)).toBe(930.13);
    expect(perCapitaIncome(0, 5)).toBe(0);
    expect(perCapitaIncome(1000, 0)).toBeNull();
  });

  test('age in whole years, birthday boundaries', () => {
    expect(memberAge('1980-05-10', '2025-05-09')).toBe(44);
    expect(memberAge('1980-05-10', '2025-05-10')).toBe(45);
    expect(memberAge('2024-06-01', '2025-03-01')).toBe(0);
    expect(memberAge('2030-01-01', '2025-01-01')).toBe(0);
  });

  test('a 29 February birthday counts from 1 March in common years', () => {
    expect(memberAge('2004-02-29', '2025-02-28')).toBe(20);
    expect(memberAge('2004-02-29', '2025-03-01')).toBe(21);
    expect(memberAge('2004-02-29', '2024-02-29')).toBe(20);
  });

  test('age accepts a Date (read in Riyadh time)', () => {
    // 2025-05-09T22:00Z is already 10 May in Riyadh (UTC+3).
    expect(memberAge('1980-05-10', new Date('2025-05-09T22:00:00Z'))).toBe(45);
  });

  test('reassessment overdue when the date is before today', () => {
    expect(isReassessmentOverdue('2025-01-01', '2025-01-02')).toBe(true);
    expect(isReassessmentOverdue('2025-01-02', '2025-01-02')).toBe(false);
    expect(isReassessmentOverdue(null, '2025-01-02')).toBe(false);
  });
});

describe('file numbers', () => {
  test('F-<hijri year>-<5-digit sequence>', () => {
    expect(formatFileNumber(1447, 123)).toBe('F-1447-00123');
    expect(formatFileNumber(1447, 1)).toBe('F-1447-00001');
    expect(formatFileNumber(1448, 123456)).toBe('F-1448-123456');
  });

  test('parse round-trips, Arabic digits accepted', () => {
    expect(parseFileNumber('F-1447-00123')).toEqual({ hijriYear: 1447, sequence: 123 });
    expect(parseFileNumber('f-١٤٤٧-٠٠١٢٣')).toEqual({ hijriYear: 1447, sequence: 123 });
    expect(parseFileNumber('1447-123')).toBeNull();
  });

  test('bad arguments throw', () => {
    expect(() => formatFileNumber(1447, 0)).toThrow();
    expect(() => formatFileNumber(1447.5, 1)).toThrow();
  });

  test('Umm al-Qura Hijri year: 1 Muharram 1447 = 26 June 2025', () => {
    expect(hijriYearOf('2025-06-25')).toBe(1446);
    expect(hijriYearOf('2025-06-26')).toBe(1447);
    expect(hijriYearOf(new Date('2025-06-25T22:30:00Z'))).toBe(1447); // already 26 June in Riyadh
  });
});

describe('family member input', () => {
  const member = {
    full_name: 'سارة أحمد الشهري',
    relationship: 'daughter',
    gender: 'female',
    birth_date: '2010-07-15',
  };

  test('a minimal member parses with defaults; the national ID is optional (newborns)', () => {
    const parsed = parseOk(familyMemberInputSchema, member);
    expect(parsed).toMatchObject({
      full_name: 'سارة أحمد الشهري',
      is_pregnant: false,
      is_lactating: false,
    });
    expect(parsed.national_id).toBeUndefined();
    expect(parseOk(familyMemberInputSchema, { ...member, national_id: '' }).national_id).toBeNull();
    expect(
      parseOk(familyMemberInputSchema, { ...member, national_id: null }).national_id,
    ).toBeNull();
  });

  test('required fields get the Arabic required message', () => {
    expect(errorsOf(familyMemberInputSchema, {})).toEqual({
      full_name: ['هذا الحقل مطلوب'],
      relationship: ['هذا الحقل مطلوب'],
      gender: ['هذا الحقل مطلوب'],
      birth_date: ['هذا الحقل مطلوب'],
    });
    expect(errorsOf(familyMemberInputSchema, { ...member, gender: '', birth_date: '' })).toEqual({
      gender: ['هذا الحقل مطلوب'],
      birth_date: ['هذا الحقل مطلوب'],
    });
  });

  test('name: at least two words, no digits; four parts encouraged', () => {
    expect(errorsOf(familyMemberInputSchema, { ...member, full_name: 'سارة' })).toEqual({
      full_name: [MEMBER_MESSAGES.nameTooShort],
    });
    expect(errorsOf(familyMemberInputSchema, { ...member, full_name: 'سارة 2' })).toEqual({
      full_name: [MEMBER_MESSAGES.nameHasDigits],
    });
    expect(
      parseOk(familyMemberInputSchema, { ...member, full_name: '  سارة   أحمد  ' }).full_name,
    ).toBe('سارة أحمد');
    expect(isFourPartName('سارة أحمد محمد الشهري')).toBe(true);
    expect(isFourPartName('سارة بنت أحمد الشهري')).toBe(false);
  });

  test('birth date in the future is refused in Arabic', () => {
    expect(errorsOf(familyMemberInputSchema, { ...member, birth_date: '2999-01-01' })).toEqual({
      birth_date: ['تاريخ الميلاد لا يمكن أن يكون في المستقبل'],
    });
    expect(errorsOf(familyMemberInputSchema, { ...member, birth_date: '2010-02-30' })).toEqual({
      birth_date: ['تاريخ غير صالح'],
    });
    expect(
      parseOk(familyMemberInputSchema, { ...member, birth_date: '٢٠١٠-٠٧-١٥' }).birth_date,
    ).toBe('2010-07-15');
  });

  test('pregnancy and lactation only for female members', () => {
    const son = {
      full_name: 'محمد أحمد الشهري',
      relationship: 'son',
      gender: 'male',
      birth_date: '2000-01-01',
    };
    expect(
      errorsOf(familyMemberInputSchema, { ...son, is_pregnant: true, is_lactating: true }),
    ).toEqual({
      is_pregnant: ['الحمل والرضاعة لا ينطبقان إلا على الإناث'],
      is_lactating: ['الحمل والرضاعة لا ينطبقان إلا على الإناث'],
    });
    expect(
      parseOk(familyMemberInputSchema, {
        ...member,
        relationship: 'spouse',
        birth_date: '1990-01-01',
        is_lactating: true,
      }).is_lactating,
    ).toBe(true);
  });

  test('relationship must agree with gender; id type with the ID', () => {
    expect(errorsOf(familyMemberInputSchema, { ...member, relationship: 'son' })).toEqual({
      gender: [MEMBER_MESSAGES.relationshipGenderMismatch],
    });
    expect(
      errorsOf(familyMemberInputSchema, { ...member, national_id: HEAD_ID, id_type: 'iqama' }),
    ).toEqual({ id_type: [MEMBER_MESSAGES.idTypeMismatch] });
    expect(
      parseOk(familyMemberInputSchema, { ...member, national_id: HEAD_ID, id_type: 'national_id' })
        .id_type,
    ).toBe('national_id');
  });

  test('a second head is refused', () => {
    expect(errorsOf(familyMemberInputSchema, { ...member, relationship: 'head' })).toEqual({
      relationship: [MEMBER_MESSAGES.secondHead],
    });
  });

  test('money: Arabic digits and separators, 2 decimals at most, never negative', () => {
    expect(
      parseOk(familyMemberInputSchema, { ...member, monthly_income: '١٬٢٥٠٫٥' }).monthly_income,
    ).toBe(1250.5);
    expect(
      parseOk(familyMemberInputSchema, { ...member, monthly_income: '1,250.75' }).monthly_income,
    ).toBe(1250.75);
    expect(errorsOf(familyMemberInputSchema, { ...member, monthly_income: '10.555' })).toEqual({
      monthly_income: ['يجب ألا يزيد المبلغ عن منزلتين عشريتين'],
    });
    expect(errorsOf(familyMemberInputSchema, { ...member, monthly_income: -5 })).toEqual({
      monthly_income: ['يجب أن تكون القيمة 0 أو أكثر'],
    });
  });

  test('moving a member needs the target family, the new relationship and a reason', () => {
    expect(
      parseOk(memberMoveSchema, {
        to_family_id: '12',
        relationship: 'son',
        reason: 'انتقل للسكن مع والده',
      }),
    ).toMatchObject({ to_family_id: 12 });
    expect(
      errorsOf(memberMoveSchema, { to_family_id: 12, relationship: 'son', reason: 'لا' }),
    ).toEqual({ reason: ['يجب ذكر السبب'] });
    expect(errorsOf(memberMoveSchema, { to_family_id: 12, relationship: 'son' })).toEqual({
      reason: ['يجب ذكر السبب'],
    });
  });
});

describe('family submit schema', () => {
  test('a complete family parses into normalised values', () => {
    const family = parseOk(familySubmitSchema, validFamily());
    expect(family.head.relationship).toBe('head');
    expect(family.primary_phone).toBe('+966512345678');
    expect(family.monthly_rent).toBe(2500);
    expect(family.income_sources.map((source) => source.amount)).toEqual([3000, 720.5]);
    expect(family.categories).toEqual(['low_income', 'large_family']);
    expect(family.needs[0]).toMatchObject({ need_type: 'rent', priority: 'high' });
    expect(family.consent_share_with_partners).toBe(false);
    expect(family.members[2]?.national_id).toBeNull();
    expect(familyInputSchema).toBe(familySubmitSchema);
  });

  test('required fields are reported in Arabic, all at once with the rules', () => {
    const { primary_phone: _phone, monthly_rent: _rent, ...rest } = validFamily();
    expect(errorsOf(familySubmitSchema, rest)).toEqual({
      primary_phone: ['هذا الحقل مطلوب'],
      monthly_rent: ['الإيجار الشهري مطلوب عندما يكون السكن مستأجراً'],
    });
  });

  test('rent is required when rented, not otherwise', () => {
    expect(errorsOf(familySubmitSchema, { ...validFamily(), monthly_rent: '' })).toEqual({
      monthly_rent: [FAMILY_MESSAGES.rentRequired],
    });
    expect(errorsOf(familySubmitSchema, { ...validFamily(), monthly_rent: 0 })).toEqual({
      monthly_rent: [FAMILY_MESSAGES.rentRequired],
    });
    expect(
      parseOk(familySubmitSchema, {
        ...validFamily(),
        housing_ownership: 'owned',
        monthly_rent: null,
      }).monthly_rent,
    ).toBeNull();
  });

  test('the head needs a national ID', () => {
    const family = validFamily();
    const head = { ...(family.head as object), national_id: '' };
    expect(errorsOf(familySubmitSchema, { ...family, head })).toEqual({
      'head.national_id': ['هذا الحقل مطلوب'],
    });
  });

  test('pregnancy of a male member is refused at the member path', () => {
    const members = [
      {
        full_name: 'محمد أحمد الشهري',
        relationship: 'son',
        gender: 'male',
        birth_date: '2001-01-01',
        is_pregnant: true,
      },
    ];
    expect(errorsOf(familySubmitSchema, withMembers(members))).toEqual({
      'members.0.is_pregnant': [MEMBER_MESSAGES.pregnancyFemaleOnly],
    });
  });

  test('duplicate national IDs within the family are named', () => {
    const sameAsHead = [
      {
        full_name: 'سعيد أحمد الشهري',
        national_id: '١٠٠٠٠٠٠٠٠٨',
        relationship: 'son',
        gender: 'male',
        birth_date: '2001-01-01',
      },
    ];
    expect(errorsOf(familySubmitSchema, withMembers(sameAsHead))).toEqual({
      'members.0.national_id': ['رقم الهوية 1000000008 مكرر داخل الأسرة'],
    });
    const twins = [
      {
        full_name: 'سعيد أحمد الشهري',
        national_id: DAUGHTER_ID,
        relationship: 'son',
        gender: 'male',
        birth_date: '2001-01-01',
      },
      {
        full_name: 'سعد أحمد الشهري',
        national_id: DAUGHTER_ID,
        relationship: 'son',
        gender: 'male',
        birth_date: '2001-01-01',
      },
    ];
    expect(errorsOf(familySubmitSchema, withMembers(twins))).toEqual({
      'members.1.national_id': [FAMILY_MESSAGES.duplicateNationalIdInFamily(DAUGHTER_ID)],
    });
  });

  test('exactly one head: a member with relationship head is refused', () => {
    const members = [
      {
        full_name: 'سعيد أحمد الشهري',
        relationship: 'head',
        gender: 'male',
        birth_date: '2001-01-01',
      },
    ];
    expect(errorsOf(familySubmitSchema, withMembers(members))).toEqual({
      'members.0.relationship': [MEMBER_MESSAGES.secondHead],
    });
  });

  test('consent to data processing is required to submit', () => {
    expect(
      errorsOf(familySubmitSchema, { ...validFamily(), consent_data_processing: false }),
    ).toEqual({
      consent_data_processing: [FAMILY_MESSAGES.consentRequired],
    });
  });

  test('at least one category; alternative phone differs from the primary', () => {
    expect(errorsOf(familySubmitSchema, { ...validFamily(), categories: [] })).toEqual({
      categories: ['اختر فئة واحدة على الأقل'],
    });
    expect(errorsOf(familySubmitSchema, { ...validFamily(), alt_phone: '+966 512345678' })).toEqual(
      {
        alt_phone: ['رقم الجوال البديل مطابق للرقم الأساسي'],
      },
    );
  });

  test('national address short code is normalised', () => {
    expect(
      parseOk(familySubmitSchema, { ...validFamily(), national_address_short_code: 'rrrd ٢٩٢٩' })
        .national_address_short_code,
    ).toBe('RRRD2929');
    expect(
      errorsOf(familySubmitSchema, { ...validFamily(), national_address_short_code: 'RRR2929' }),
    ).toEqual({
      national_address_short_code: [FAMILY_MESSAGES.shortAddress],
    });
  });
});

describe('family draft schema', () => {
  test('only the head name is required; blanks are ignored; consent may be missing', () => {
    const draft = parseOk(familyDraftSchema, {
      head: { full_name: 'أحمد محمد الشهري', national_id: '', gender: '' },
      primary_phone: '',
      consent_data_processing: false,
      save_as_draft: true,
    });
    expect(draft.head.full_name).toBe('أحمد محمد الشهري');
    expect(draft.primary_phone).toBeUndefined();
  });

  test('the head name is required and present values must be well-formed', () => {
    expect(errorsOf(familyDraftSchema, {})).toEqual({ head: ['هذا الحقل مطلوب'] });
    expect(
      errorsOf(familyDraftSchema, {
        head: { full_name: 'أحمد محمد', national_id: '1000000000' },
        primary_phone: '123',
      }),
    ).toEqual({
      'head.national_id': ['رقم الهوية غير صالح'],
      primary_phone: ['رقم الجوال غير صالح، مثال: 0512345678'],
    });
  });

  test('the write schema depends on the draft flag and the current status', () => {
    expect(familyWriteSchemaFor({ saveAsDraft: true })).toBe(familyDraftSchema);
    expect(familyWriteSchemaFor({ saveAsDraft: false })).toBe(familySubmitSchema);
    expect(familyWriteSchemaFor({ saveAsDraft: true, currentStatus: 'approved' })).toBe(
      familySubmitSchema,
    );
    expect(familyWriteSchemaFor({ saveAsDraft: false, currentStatus: 'draft' })).toBe(
      familyDraftSchema,
    );
  });
});

describe('family list query (flat filter[...] keys)', () => {
  test('Fastify-style flat keys parse into a filter object', () => {
    const query = parseOk(familyListQuerySchema, {
      page: '2',
      search: ' الشهري ',
      sort: 'file_number',
      order: 'desc',
      'filter[status]': 'approved,suspended',
      'filter[category]': ['orphans', 'widows'],
      'filter[city]': 'riyadh',
      'filter[researcher_id]': '7',
      'filter[reassessment_overdue]': '1',
    });
    expect(query).toEqual({
      page: 2,
      per_page: 20,
      search: 'الشهري',
      sort: 'file_number',
      order: 'desc',
      filter: {
        status: ['approved', 'suspended'],
        category: ['orphans', 'widows'],
        city: ['riyadh'],
        researcher_id: 7,
        reassessment_overdue: true,
      },
    });
  });

  test('defaults, false booleans, blank filters and a nested filter object', () => {
    expect(parseOk(familyListQuerySchema, {})).toEqual({
      page: 1,
      per_page: 20,
      order: 'asc',
      filter: {},
    });
    expect(
      parseOk(familyListQuerySchema, {
        'filter[reassessment_overdue]': 'false',
        'filter[city]': '',
      }).filter,
    ).toEqual({
      reassessment_overdue: false,
    });
    expect(parseOk(familyListQuerySchema, { filter: { status: 'draft' } }).filter).toEqual({
      status: ['draft'],
    });
  });

  test('unknown statuses and unlisted sort columns are refused', () => {
    expect(errorsOf(familyListQuerySchema, { 'filter[status]': 'deleted' })).toEqual({
      'filter.status.0': ['القيمة غير صحيحة'],
    });
    expect(Object.keys(errorsOf(familyListQuerySchema, { sort: 'password_hash' }))).toEqual([
      'sort',
    ]);
    expect(
      Object.keys(errorsOf(familyListQuerySchema, { 'filter[reassessment_overdue]': 'yes' })),
    ).toEqual(['filter.reassessment_overdue']);
  });

  test('toFamilyListParams builds the same flat keys and leaves defaults out', () => {
    const params = toFamilyListParams({
      page: 1,
      per_page: 50,
      search: 'احمد',
      sort: 'created_at',
      order: 'desc',
      filter: {
        status: ['approved'],
        category: [],
        city: undefined,
        researcher_id: 3,
        reassessment_overdue: true,
      },
    });
    expect(params).toEqual({
      per_page: '50',
      search: 'احمد',
      sort: 'created_at',
      order: 'desc',
      'filter[status]': 'approved',
      'filter[researcher_id]': '3',
      'filter[reassessment_overdue]': 'true',
    });
    expect(new URLSearchParams(params).toString()).toContain('filter%5Bstatus%5D=approved');
  });

  test('URL → state → URL round-trips; junk in the URL is dropped, not thrown', () => {
    const url = new URLSearchParams(
      'page=3&filter[status]=approved,rejected&filter[category]=orphans&sort=head_name',
    );
    const state = fromFamilyListParams(url);
    expect(state).toMatchObject({
      page: 3,
      sort: 'head_name',
      filter: { status: ['approved', 'rejected'], category: ['orphans'] },
    });
    expect(toFamilyListParams(state)).toEqual({
      page: '3',
      sort: 'head_name',
      'filter[status]': 'approved,rejected',
      'filter[category]': 'orphans',
    });
    const junk = fromFamilyListParams(
      new URLSearchParams('page=zero&sort=evil&filter[status]=nope&filter[city]=jeddah'),
    );
    expect(junk).toEqual({ page: 1, per_page: 20, order: 'asc', filter: { city: ['jeddah'] } });
  });

  test('member list filters: gender, age range, relationship', () => {
    const query = parseOk(familyMemberListQuerySchema, {
      'filter[gender]': 'female',
      'filter[age_min]': '٦',
      'filter[age_max]': '12',
      'filter[relationship]': 'daughter,grandchild',
    });
    expect(query.filter).toEqual({
      gender: ['female'],
      age_min: 6,
      age_max: 12,
      relationship: ['daughter', 'grandchild'],
    });
  });
});

describe('search and duplicates', () => {
  test('a search term is read as text, digits, phone and file number', () => {
    expect(interpretFamilySearch('٠٥١٢٣٤٥٦٧٨')).toEqual({
      text: '0512345678',
      digits: '0512345678',
      phone: '+966512345678',
      file_number: '0512345678',
    });
    expect(interpretFamilySearch('أحمد')).toMatchObject({
      text: 'احمد',
      digits: null,
      phone: null,
    });
    expect(interpretFamilySearch('f-1447-001').file_number).toBe('F-1447-001');
  });

  test('names look alike across spelling, hamza, tashkeel, بن and missing middle names', () => {
    expect(namesLookAlike('أحمد محمد الشهري', 'احمد محمد الشهري')).toBe(true);
    expect(namesLookAlike('أحمد محمد الشهري', 'أحمد بن محمد علي الشهري')).toBe(true);
    expect(namesLookAlike('مُحَمَّد عبد الله القحطاني', 'محمد عبدالله القحطاني')).toBe(true);
    expect(namesLookAlike('فاطمة علي الزهراني', 'فاطمه علي الزهراني')).toBe(true);
    expect(namesLookAlike('أحمد محمد الشهري', 'أحمد محمد القحطاني')).toBe(false);
    expect(namesLookAlike('أحمد محمد الشهري', 'خالد محمد الشهري')).toBe(false);
    expect(namesLookAlike('أحمد', 'أحمد محمد')).toBe(false);
  });

  test('a name split once answers as namesLookAlike does for each candidate, in either order', () => {
    const typed = 'أحمد بن محمد علي الشهري';
    const looksAlike = lookAlikeTo(typed);
    const candidates = [
      'احمد محمد الشهري',
      'أحمد محمد القحطاني',
      'أحمد',
      'أحمد بن محمد علي الشهري',
      '',
    ];
    expect(candidates.map(looksAlike)).toEqual([true, false, false, true, false]);
    for (const candidate of candidates) {
      expect(looksAlike(candidate)).toBe(namesLookAlike(typed, candidate));
      expect(looksAlike(candidate)).toBe(namesLookAlike(candidate, typed));
    }
  });

  test('the national-ID check response names the family', () => {
    const taken = parseOk(nationalIdCheckResponseSchema, {
      available: false,
      family: { id: 4, file_number: 'F-1447-00123', head_name: 'أحمد محمد الشهري' },
    });
    expect(FAMILY_MESSAGES.nationalIdTaken(taken.family!)).toBe(
      'رقم الهوية مسجل مسبقاً في الأسرة رقم F-1447-00123 (رب الأسرة: أحمد محمد الشهري)',
    );
    expect(parseOk(nationalIdCheckResponseSchema, { available: true }).family).toBeUndefined();
  });
});

describe('family responses', () => {
  const member = (overrides: Record<string, unknown>) => ({
    id: 1,
    family_id: 9,
    family_file_number: 'F-1447-00009',
    family_status: 'approved',
    full_name: 'أحمد محمد علي الشهري',
    full_name_en: null,
    national_id: HEAD_ID,
    id_type: 'national_id',
    id_expiry_date: null,
    relationship: 'head',
    gender: 'male',
    birth_date: '1980-05-10',
    age: 44,
    marital_status: { code: 'married', label: 'متزوج / متزوجة' },
    health_status: { code: 'healthy', label: 'سليم' },
    disabilities: [],
    education_level: null,
    employment_status: { code: 'employed', label: 'موظف' },
    occupation: null,
    monthly_income: '3000.00',
    is_pregnant: false,
    is_lactating: false,
    phone: '+966512345678',
    city: { code: 'riyadh', label: 'الرياض' },
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...overrides,
  });

  const detail = {
    id: 9,
    file_number: 'F-1447-00009',
    status: 'approved',
    status_reason: null,
    status_changed_at: '2025-03-02T08:00:00.000Z',
    head_name: 'أحمد محمد علي الشهري',
    head_national_id: HEAD_ID,
    primary_phone: '+966512345678',
    members_count: 2,
    total_income: '3720.50',
    per_capita_income: 1860.25,
    city: { code: 'riyadh', label: 'الرياض' },
    district: { code: 'riyadh_olaya', label: 'العليا' },
    categories: [{ code: 'low_income', label: 'ذوو الدخل المحدود' }],
    researcher: { id: 3, name: 'نورة السبيعي' },
    next_reassessment_date: '2026-03-01',
    reassessment_overdue: false,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-02T08:00:00+03:00',
    alt_phone: null,
    address: 'شارع العليا العام',
    national_address_short_code: 'RRRD2929',
    housing_type: { code: 'apartment', label: 'شقة' },
    housing_ownership: 'rented',
    monthly_rent: '2500.00',
    income_sources: [
      {
        id: 1,
        source: { code: 'salary', label: 'راتب' },
        amount: '3000.00',
        verified: true,
        notes: null,
      },
    ],
    needs: [
      {
        id: 1,
        need_type: { code: 'rent', label: 'سداد إيجار' },
        priority: 'high',
        description: null,
        fulfilled_at: null,
      },
    ],
    consent_data_processing: true,
    consent_share_with_partners: false,
    consent_date: '2025-03-01T08:00:00.000Z',
    consent_by: { id: 3, name: 'نورة السبيعي' },
    notes: null,
    members: [
      member({}),
      member({
        id: 2,
        full_name: 'فاطمة سعيد القحطاني',
        national_id: WIFE_ID,
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-01-01',
        age: 40,
        health_status: undefined,
        disabilities: undefined,
        monthly_income: null,
      }),
    ],
    status_history: [
      {
        from: null,
        to: 'pending_review',
        reason: null,
        at: '2025-03-01T08:00:00.000Z',
        by: { id: 3, name: 'نورة السبيعي' },
      },
      {
        from: 'pending_review',
        to: 'approved',
        reason: null,
        at: '2025-03-02T08:00:00.000Z',
        by: { id: 1, name: 'مدير النظام' },
      },
    ],
    created_by: { id: 3, name: 'نورة السبيعي' },
    updated_by: null,
  };

  test('a detail response parses; numeric strings become numbers', () => {
    const parsed = parseOk(familyDetailSchema, detail);
    expect(parsed.total_income).toBe(3720.5);
    expect(parsed.monthly_rent).toBe(2500);
    expect(parsed.members[1]?.health_status).toBeUndefined();
  });

  test('a list envelope parses', () => {
    const { members: _m, status_history: _h, ...listItem } = detail;
    const parsed = parseOk(familyListResponseSchema, {
      data: [listItem],
      meta: { page: 1, per_page: 20, total: 1, last_page: 1 },
    });
    expect(parsed.data[0]?.file_number).toBe('F-1447-00009');
  });

  test('a detail turns back into a body that passes the submit schema; hidden medical fields stay absent', () => {
    const input = familyDetailToInput(parseOk(familyDetailSchema, detail));
    const wife = (input.members as Array<Record<string, unknown>>)[0]!;
    expect('health_status' in wife).toBe(false);
    expect('disabilities' in wife).toBe(false);
    const parsed = parseOk(familySubmitSchema, input);
    expect(parsed.head).toMatchObject({ id: 1, national_id: HEAD_ID, relationship: 'head' });
    expect(parsed.members[0]).toMatchObject({ id: 2, relationship: 'spouse' });
    expect(parsed.categories).toEqual(['low_income']);
  });
});
