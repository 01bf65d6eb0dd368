import { GENDERS, SAUDI_CITIES, districtsOf } from 'shared-contracts/beneficiaries';
import { MEDICAL_AGE_BANDS, medicalQuerySchema, type MedicalQuery } from 'shared-contracts/reports';
import { SelectField } from 'shared-ui';
import { ReportFilterForm } from '../kit';

/** The medical report's filters: the period, the city and its district, the sex, the age band. */
export function MedicalFilters({
  query,
  onChange,
}: {
  query: MedicalQuery;
  onChange: (query: MedicalQuery) => void;
}) {
  return (
    <ReportFilterForm
      schema={medicalQuerySchema}
      query={query}
      onChange={onChange}
      fields={({ draft, set, errors }) => (
        <>
          <SelectField
            label="المدينة"
            placeholder="كل المدن"
            options={SAUDI_CITIES.map((city) => ({ value: city.code, label: city.label }))}
            value={draft.city ?? ''}
            error={errors.city}
            onChange={set('city', { district: '' })}
          />
          <SelectField
            label="الحي"
            placeholder="كل الأحياء"
            options={districtsOf(draft.city ?? '').map((district) => ({
              value: district.code,
              label: district.label,
            }))}
            value={draft.district ?? ''}
            error={errors.district}
            disabled={!draft.city}
            onChange={set('district')}
          />
          <SelectField
            label="الجنس"
            placeholder="الجميع"
            options={GENDERS.map((gender) => ({ value: gender.code, label: gender.label }))}
            value={draft.sex ?? ''}
            error={errors.sex}
            onChange={set('sex')}
          />
          <SelectField
            label="الفئة العمرية"
            placeholder="كل الأعمار"
            options={MEDICAL_AGE_BANDS.map((band) => ({ value: band.code, label: band.label }))}
            value={draft.age_band ?? ''}
            error={errors.age_band}
            onChange={set('age_band')}
          />
        </>
      )}
    />
  );
}
