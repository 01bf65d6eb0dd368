import { researcherOptions } from '../../src/beneficiaries';

describe('researcherOptions', () => {
  it('tells apart two researchers of one name by the email, isolated left to right', () => {
    expect(
      researcherOptions([
        { id: 1, name: 'أحمد الشهري', email: 'ahmad@ataa.org.sa' },
        { id: 2, name: 'أحمد الشهري', email: 'ahmad.s@ataa.org.sa' },
        { id: 3, name: 'سارة القحطاني', email: 'sara@ataa.org.sa' },
      ]),
    ).toEqual([
      { value: '1', label: 'أحمد الشهري — \u2066ahmad@ataa.org.sa\u2069' },
      { value: '2', label: 'أحمد الشهري — \u2066ahmad.s@ataa.org.sa\u2069' },
      { value: '3', label: 'سارة القحطاني' },
    ]);
  });
});
