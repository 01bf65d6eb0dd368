import { countOf, REASON_REQUIRED_MESSAGE } from '../../src';
import {
  AUDIENCE_MESSAGES,
  PERSON_NOUN,
  SEMINAR_MESSAGES,
  SEMINAR_NOUN,
  ageOn,
  attendanceRate,
  audienceMismatches,
  audienceRegistrationSchema,
  nextSeminarStatuses,
  seminarInputSchema,
  seminarStatusChangeSchema,
  seminarTransitionError,
  targetText,
} from '../../src/engagement';

const valid = {
  title: 'إدارة ميزانية الأسرة',
  seminar_type_id: '2',
  starts_at: '٢٠٣٠-٠٣-٠١T17:00',
  ends_at: '2030-03-01 19:00',
  capacity: '٣٠',
  venue: 'قاعة الجمعية',
};

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('seminar input', () => {
  it('normalises Arabic-Indic digits, the time separator, blanks and the link', () => {
    const parsed = seminarInputSchema.parse({
      ...valid,
      online_url: 'meet.example.org/a',
      presenter: '',
      target_gender: '',
    });
    expect(parsed).toMatchObject({
      starts_at: '2030-03-01T17:00',
      ends_at: '2030-03-01T19:00',
      capacity: 30,
      seminar_type_id: 2,
      presenter: null,
      target_gender: null,
      target_categories: [],
      online_url: 'https://meet.example.org/a',
    });
  });

  it('refuses in Arabic: end not after start, no venue nor link, capacity 0, ages out of order, a bad date', () => {
    const result = seminarInputSchema.safeParse({
      ...valid,
      ends_at: valid.starts_at,
      venue: ' ',
      capacity: 0,
      target_age_min: 30,
      target_age_max: 20,
    });
    expect(errorsOf(result)).toEqual({
      ends_at: SEMINAR_MESSAGES.endBeforeStart,
      venue: SEMINAR_MESSAGES.placeRequired,
      capacity: 'يجب أن تكون القيمة 1 أو أكثر',
      target_age_max: SEMINAR_MESSAGES.ageRange,
    });
    expect(
      errorsOf(seminarInputSchema.safeParse({ ...valid, starts_at: '2030-02-30T10:00' })),
    ).toEqual({ starts_at: SEMINAR_MESSAGES.invalidDateTime });
    expect(
      errorsOf(seminarInputSchema.safeParse({ ...valid, online_url: 'javascript:alert(1)' })),
    ).toEqual({ online_url: SEMINAR_MESSAGES.invalidLink });
  });

  it('cancelling needs a reason; the workflow refuses skipping steps', () => {
    expect(errorsOf(seminarStatusChangeSchema.safeParse({ status: 'cancelled' }))).toEqual({
      reason: REASON_REQUIRED_MESSAGE,
    });
    expect(nextSeminarStatuses('closed')).toEqual(['held', 'open', 'cancelled']);
    expect(nextSeminarStatuses('held')).toEqual([]);
    expect(seminarTransitionError('planned', 'held')).toBe(
      'لا يمكن نقل الندوة من حالة «مخطط لها» إلى حالة «منعقدة»',
    );
    expect(seminarTransitionError('open', 'closed')).toBeNull();
  });
});

describe('target audience', () => {
  const target = {
    target_gender: 'female' as const,
    target_age_min: 18,
    target_age_max: 40,
    target_categories: ['widows'],
  };

  it('ages are whole years on the seminar day', () => {
    expect(ageOn('2000-03-02', '2018-03-01')).toBe(17);
    expect(ageOn('2000-03-01', '2018-03-01')).toBe(18);
  });

  it('names every reason a person is outside; unknown facts do not count', () => {
    expect(
      audienceMismatches(
        target,
        { gender: 'female', birth_date: '1990-01-01', family_categories: ['widows', 'orphans'] },
        '2026-12-01',
      ),
    ).toEqual([]);
    expect(
      audienceMismatches(
        target,
        { gender: null, birth_date: null, family_categories: ['widows'] },
        '2026-12-01',
      ),
    ).toEqual([]);
    expect(
      audienceMismatches(
        target,
        { gender: 'male', birth_date: '2015-01-01', family_categories: ['low_income'] },
        '2026-12-01',
      ),
    ).toEqual([
      'الندوة موجهة لفئة «أنثى»',
      'العمر (11 سنة) خارج الفئة العمرية المستهدفة (من 18 إلى 40 سنة)',
      'الأسرة ليست من الفئات المستهدفة (أرامل)',
    ]);
    expect(targetText(target)).toBe('أنثى — من 18 إلى 40 سنة — أرامل');
  });
});

describe('audience', () => {
  it('a member needs the member; a guest needs a name and a valid phone', () => {
    expect(errorsOf(audienceRegistrationSchema.safeParse({ kind: 'member' }))).toEqual({
      member_id: AUDIENCE_MESSAGES.memberRequired,
    });
    const guest = audienceRegistrationSchema.safeParse({
      kind: 'guest',
      guest_name: '',
      guest_phone: '',
    });
    expect(errorsOf(guest)).toEqual({
      guest_name: AUDIENCE_MESSAGES.guestNameRequired,
      guest_phone: AUDIENCE_MESSAGES.guestPhoneRequired,
    });
    expect(
      audienceRegistrationSchema.parse({
        kind: 'guest',
        guest_name: 'سلمان الحارثي',
        guest_phone: '٠٥٠٠٠٠٠١٠١',
      }),
    ).toMatchObject({ guest_phone: '+966500000101', override_confirmed: false });
  });

  it('the attendance rate is attended out of those marked; counts read in Arabic', () => {
    expect(attendanceRate({ attended: 0, no_show: 0 })).toBeNull();
    expect(attendanceRate({ attended: 2, no_show: 1 })).toBe(66.7);
    expect(countOf(2, SEMINAR_NOUN)).toBe('ندوتان');
    expect(countOf(15, PERSON_NOUN)).toBe('15 شخصاً');
    expect(countOf(3, PERSON_NOUN)).toBe('3 أشخاص');
  });
});
