import { ARABIC_MESSAGES } from '../../src/core/arabic-error-map';
import {
  BUILT_REPORT_KINDS,
  MEDICAL_MESSAGES,
  medicalAgeBandOf,
  medicalArchiveInputSchema,
  medicalQuerySchema,
  medicalReportEndpoints,
  medicalReportFor,
  mayReadMedicalIndividuals,
  type MedicalReport,
} from '../../src/reports';

const period = { from: '2026-01-01', to: '2026-03-31' };

describe('medical report: filters', () => {
  test('blank filters are no filter; sex and age band are closed lists, refused in Arabic', () => {
    expect(
      medicalQuerySchema.parse({ ...period, city: '', district: '', sex: '', age_band: '' }),
    ).toEqual(period);
    expect(medicalQuerySchema.parse({ ...period, sex: 'female', age_band: 'age_60_plus' })).toEqual(
      { ...period, sex: 'female', age_band: 'age_60_plus' },
    );
    const wrong = medicalQuerySchema.safeParse({ ...period, sex: 'other', age_band: 'old' });
    expect(wrong.success).toBe(false);
    const messages = Object.fromEntries(
      (wrong.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      sex: ARABIC_MESSAGES.invalidEnum,
      age_band: ARABIC_MESSAGES.invalidEnum,
    });
  });

  test('the period rules apply to the query and the archive body', () => {
    const reversed = medicalArchiveInputSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.error?.issues.map((issue) => issue.message)).toEqual([
      MEDICAL_MESSAGES.periodOrder,
    ]);
    expect(medicalQuerySchema.safeParse({ from: '2010-01-01', to: '2026-01-01' }).success).toBe(
      false,
    );
  });

  test('the kind is built and has its six endpoints', () => {
    expect(BUILT_REPORT_KINDS).toContain('medical');
    expect(Object.values(medicalReportEndpoints).map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining([
        '/reports/medical',
        '/reports/medical/export',
        '/reports/medical/archives',
        '/reports/medical/archives/:id',
        '/reports/medical/archives/:id/export',
      ]),
    );
  });
});

describe('medical report: age bands', () => {
  test.each([
    [null, null],
    [0, 'under_5'],
    [4, 'under_5'],
    [5, 'age_5_17'],
    [17, 'age_5_17'],
    [18, 'age_18_59'],
    [59, 'age_18_59'],
    [60, 'age_60_plus'],
    [104, 'age_60_plus'],
  ])('age %p → %p', (age, band) => {
    expect(medicalAgeBandOf(age)).toBe(band);
  });
});

describe('medical report: who sees the individuals', () => {
  const reader = (permissions: string[], role: string | null = null) => ({ permissions, role });
  const report = {
    kind: 'medical',
    individuals: [{ member_id: 1 }],
  } as unknown as MedicalReport;

  test('a super admin and an employee who edits families; not a reports-only reader', () => {
    expect(mayReadMedicalIndividuals(reader(['show_reports'], 'Super Admin'))).toBe(true);
    expect(mayReadMedicalIndividuals(reader(['show_reports', 'edit_families']))).toBe(true);
    expect(mayReadMedicalIndividuals(reader(['show_reports', 'show_families']))).toBe(false);
  });

  test('the report as each reader may see it: the list is removed (null), the rest kept', () => {
    expect(medicalReportFor(report, reader(['show_reports', 'edit_families']))).toBe(report);
    const hidden = medicalReportFor(report, reader(['show_reports']));
    expect(hidden.individuals).toBeNull();
    expect(hidden.kind).toBe('medical');
    // The archived object is never changed in place.
    expect(report.individuals).toHaveLength(1);
  });
});
