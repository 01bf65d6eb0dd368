import { GENDERS } from 'shared-contracts/beneficiaries';
import { MEDICAL_AGE_BANDS, medicalQuerySchema, type MedicalQuery } from 'shared-contracts/reports';
import {
  CityDistrictSelects,
  DraftSelect,
  ReportFilterForm,
  type ReportFiltersProps,
} from '../kit';

const SEX_OPTIONS = GENDERS.map((gender) => ({ value: gender.code, label: gender.label }));
const AGE_BAND_OPTIONS = MEDICAL_AGE_BANDS.map((band) => ({ value: band.code, label: band.label }));

/** The medical report's filters: the period, the city and its district, the sex, the age band. */
export function MedicalFilters({ query, onChange }: ReportFiltersProps<MedicalQuery>) {
  return (
    <ReportFilterForm
      schema={medicalQuerySchema}
      query={query}
      onChange={onChange}
      fields={(form) => (
        <>
          <CityDistrictSelects form={form} showErrors />
          <DraftSelect
            form={form}
            field="sex"
            showError
            label="الجنس"
            placeholder="الجميع"
            options={SEX_OPTIONS}
          />
          <DraftSelect
            form={form}
            field="age_band"
            showError
            label="الفئة العمرية"
            placeholder="كل الأعمار"
            options={AGE_BAND_OPTIONS}
          />
        </>
      )}
    />
  );
}
