import '../../src/index';
import { STORAGE_KEYS } from '../../src/session/storage-keys';
import {
  FAMILY_WIZARD_STEPS,
  FAMILY_WIZARD_STEP_SCHEMAS,
  addStepData,
  clearWizardDraft,
  createFamilyWizardDraft,
  familyNameFromHeadName,
  familyWizardDraftSchema,
  familyWizardMembersStepSchema,
  mergeWizardStepsData,
  readWizardDraft,
  setCurrentStepData,
  setFamilyName,
  validateWizardForSubmit,
  validateWizardStep,
  wizardStepData,
  wizardStepOfField,
  writeWizardDraft,
  type FamilyWizardDraft,
} from '../../src/beneficiaries/family-wizard';
import { errorsOf, memoryStorage, parseOk } from './helpers';

const NOW = new Date('2025-03-01T08:00:00.000Z');

const stepData = {
  head: {
    head: {
      full_name: 'أحمد محمد علي الشهري',
      national_id: '1000000008',
      gender: 'male',
      birth_date: '1980-05-10',
    },
  },
  contact: { primary_phone: '0512345678', city: 'riyadh', district: 'riyadh_olaya', address: '' },
  housing_income: {
    housing_type: 'villa',
    housing_ownership: 'owned',
    income_sources: [{ source: 'retirement', amount: '4000' }],
  },
  members: {
    members: [
      {
        full_name: 'سارة أحمد الشهري',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2012-01-01',
      },
    ],
  },
  needs_consent: { categories: ['elderly'], needs: [], consent_data_processing: true },
  review: {},
};

/** Walks the wizard as the UI would: at each step store its data, then move on. */
function completedDraft(): FamilyWizardDraft {
  let draft = createFamilyWizardDraft(NOW);
  FAMILY_WIZARD_STEPS.forEach((step, index) => {
    draft = setCurrentStepData(draft, index + 1);
    draft = addStepData(draft, stepData[step.id]);
  });
  return setFamilyName(draft, familyNameFromHeadName(stepData.head.head.full_name));
}

describe('wizard steps', () => {
  test('six steps in order with stable ids and Arabic titles', () => {
    expect(FAMILY_WIZARD_STEPS.map((step) => [step.number, step.id, step.title])).toEqual([
      [1, 'head', 'رب الأسرة'],
      [2, 'contact', 'التواصل والعنوان'],
      [3, 'housing_income', 'السكن والدخل'],
      [4, 'members', 'أفراد الأسرة'],
      [5, 'needs_consent', 'الفئات والاحتياجات والموافقة'],
      [6, 'review', 'المراجعة والإرسال'],
    ]);
  });

  test('each step validates only its own fields', () => {
    expect(validateWizardStep(2, stepData.contact).success).toBe(true);
    expect(
      errorsOf(FAMILY_WIZARD_STEP_SCHEMAS.contact, {
        city: 'riyadh',
        district: 'riyadh_olaya',
        primary_phone: '12',
      }),
    ).toEqual({
      primary_phone: ['رقم الجوال غير صالح، مثال: 0512345678'],
    });
    expect(
      errorsOf(FAMILY_WIZARD_STEP_SCHEMAS.housing_income, {
        housing_type: 'villa',
        housing_ownership: 'rented',
      }),
    ).toEqual({
      monthly_rent: ['الإيجار الشهري مطلوب عندما يكون السكن مستأجراً'],
    });
    expect(errorsOf(FAMILY_WIZARD_STEP_SCHEMAS.needs_consent, { categories: ['elderly'] })).toEqual(
      {
        consent_data_processing: [
          'يجب الحصول على موافقة الأسرة على معالجة بياناتها قبل إرسالها للمراجعة',
        ],
      },
    );
    expect(validateWizardStep('review', {}).success).toBe(true);
  });

  test("the members step can also refuse the head's national ID", () => {
    const members = {
      members: [
        {
          full_name: 'سعيد أحمد الشهري',
          national_id: '1000000008',
          relationship: 'son',
          gender: 'male',
          birth_date: '2001-01-01',
        },
      ],
    };
    expect(familyWizardMembersStepSchema().safeParse(members).success).toBe(true);
    expect(errorsOf(familyWizardMembersStepSchema('1000000008'), members)).toEqual({
      'members.0.national_id': ['رقم الهوية 1000000008 مكرر داخل الأسرة'],
    });
  });

  test('a bad step number throws (programming error)', () => {
    expect(() => validateWizardStep(7, {})).toThrow(RangeError);
    expect(() => setCurrentStepData(createFamilyWizardDraft(NOW), 0)).toThrow(RangeError);
  });
});

describe('wizard draft helpers', () => {
  test('a fresh draft is at step 1 with nothing saved', () => {
    expect(createFamilyWizardDraft(NOW)).toEqual({
      step: 1,
      stepsData: [],
      currentStepData: { id: 'head', title: 'رب الأسرة', index: 0 },
      familyName: '',
      savedAt: '2025-03-01T08:00:00.000Z',
    });
  });

  test('addStepData writes at index step − 1, filling earlier gaps with null', () => {
    let draft = setCurrentStepData(createFamilyWizardDraft(NOW), 3);
    expect(draft.step).toBe(3);
    expect(draft.currentStepData).toEqual({
      id: 'housing_income',
      title: 'السكن والدخل',
      index: 2,
    });
    draft = addStepData(draft, stepData.housing_income);
    expect(draft.stepsData).toEqual([null, null, stepData.housing_income]);
    expect(wizardStepData(draft, 3)).toBe(stepData.housing_income);
    expect(wizardStepData(draft, 1)).toBeNull();
  });

  test("addStepData replaces the current step's data and leaves the others; helpers do not mutate", () => {
    const first = addStepData(createFamilyWizardDraft(NOW), { head: { full_name: 'أ ب' } });
    const second = addStepData(first, stepData.head);
    expect(first.stepsData).toEqual([{ head: { full_name: 'أ ب' } }]);
    expect(second.stepsData).toEqual([stepData.head]);
    const back = addStepData(
      setCurrentStepData(addStepData(setCurrentStepData(second, 2), stepData.contact), 1),
      stepData.head,
    );
    expect(back.stepsData).toEqual([stepData.head, stepData.contact]);
  });

  test('family name', () => {
    expect(familyNameFromHeadName(' أحمد محمد علي الشهري ')).toBe('الشهري');
    expect(setFamilyName(createFamilyWizardDraft(NOW), '  الشهري ').familyName).toBe('الشهري');
  });

  test('merged steps pass the submit schema; errors map back to their step', () => {
    const draft = completedDraft();
    expect(mergeWizardStepsData(draft)).toMatchObject({
      head: stepData.head.head,
      primary_phone: '0512345678',
      categories: ['elderly'],
    });
    const result = validateWizardForSubmit(draft);
    expect(result.success).toBe(true);

    const withoutConsent = addStepData(setCurrentStepData(draft, 5), { categories: ['elderly'] });
    const failed = validateWizardForSubmit(withoutConsent);
    expect(failed.success).toBe(false);
    if (!failed.success)
      expect(failed.error.issues.map((issue) => wizardStepOfField(issue.path))).toEqual([5]);
    expect(wizardStepOfField(['head', 'national_id'])).toBe(1);
    expect(wizardStepOfField(['monthly_rent'])).toBe(3);
    expect(wizardStepOfField(['members', 0, 'gender'])).toBe(4);
    expect(wizardStepOfField(['unknown'])).toBeNull();
  });
});

describe('wizard draft in local storage', () => {
  test('written under families/create and restored after a reload', () => {
    expect(STORAGE_KEYS.familyWizard).toBe('families/create');
    const storage = memoryStorage();
    const draft = setCurrentStepData(completedDraft(), 4);
    expect(writeWizardDraft(storage, draft, new Date('2025-03-02T10:00:00.000Z'))).toBe(true);
    const stored = JSON.parse(storage.getItem('families/create')!);
    expect(stored.step).toBe(4);
    expect(stored.stepsData[3]).toEqual(stepData.members);
    expect(stored.currentStepData).toEqual({ id: 'members', title: 'أفراد الأسرة', index: 3 });
    expect(stored.familyName).toBe('الشهري');

    const restored = readWizardDraft(storage);
    expect(restored).toEqual({ ...draft, savedAt: '2025-03-02T10:00:00.000Z' });
    expect(parseOk(familyWizardDraftSchema, stored).step).toBe(4);
  });

  test('works with the browser localStorage too', () => {
    const draft = addStepData(createFamilyWizardDraft(NOW), stepData.head);
    writeWizardDraft(window.localStorage, draft, NOW);
    expect(readWizardDraft(window.localStorage)?.stepsData).toEqual([stepData.head]);
    clearWizardDraft(window.localStorage);
    expect(window.localStorage.getItem('families/create')).toBeNull();
  });

  test.each([
    ['nothing stored', undefined],
    ['not JSON', '{oops'],
    ['a bare step number', '3'],
    ['null', 'null'],
    [
      'step out of range',
      JSON.stringify({
        step: 9,
        stepsData: [],
        currentStepData: { id: 'head', title: '', index: 0 },
        familyName: '',
        savedAt: '',
      }),
    ],
    [
      'stepsData not a list',
      JSON.stringify({
        step: 1,
        stepsData: {},
        currentStepData: { id: 'head', title: '', index: 0 },
        familyName: '',
        savedAt: '',
      }),
    ],
    [
      'currentStepData disagreeing with step',
      JSON.stringify({
        step: 2,
        stepsData: [],
        currentStepData: { id: 'head', title: 'رب الأسرة', index: 0 },
        familyName: '',
        savedAt: '',
      }),
    ],
    [
      'unknown step id',
      JSON.stringify({
        step: 1,
        stepsData: [],
        currentStepData: { id: 'x', title: '', index: 0 },
        familyName: '',
        savedAt: '',
      }),
    ],
    [
      'familyName missing',
      JSON.stringify({
        step: 1,
        stepsData: [],
        currentStepData: { id: 'head', title: '', index: 0 },
        savedAt: '',
      }),
    ],
  ])('junk (%s) reads as null', (_label, value) => {
    const storage = memoryStorage(value === undefined ? {} : { 'families/create': value });
    expect(readWizardDraft(storage)).toBeNull();
  });

  test('an old title is refreshed from the step table', () => {
    const storage = memoryStorage({
      'families/create': JSON.stringify({
        step: 2,
        stepsData: [],
        currentStepData: { id: 'contact', title: 'قديم', index: 1 },
        familyName: '',
        savedAt: '',
      }),
    });
    expect(readWizardDraft(storage)?.currentStepData.title).toBe('التواصل والعنوان');
  });

  test('clear removes the draft (submit, cancel, logout)', () => {
    const storage = memoryStorage();
    writeWizardDraft(storage, createFamilyWizardDraft(NOW));
    clearWizardDraft(storage);
    expect(storage.getItem('families/create')).toBeNull();
    expect(readWizardDraft(storage)).toBeNull();
  });

  test('a storage that throws (private mode, quota) never breaks the wizard', () => {
    const broken: Storage = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readWizardDraft(broken)).toBeNull();
    expect(writeWizardDraft(broken, createFamilyWizardDraft(NOW))).toBe(false);
    expect(() => clearWizardDraft(broken)).not.toThrow();
  });
});
