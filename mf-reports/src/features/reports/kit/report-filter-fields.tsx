import { SAUDI_CITIES, districtsOf } from 'shared-contracts/beneficiaries';
import { SelectField, type SelectFieldProps } from 'shared-ui';
import { useSeasonOptions } from '../api/reports-api';
import type { ReportDraft, ReportFieldsProps } from './report-filter-form';

export const CITY_OPTIONS = SAUDI_CITIES.map((city) => ({ value: city.code, label: city.label }));

type DraftSelectProps = Omit<SelectFieldProps, 'value' | 'onChange' | 'error' | 'form'> & {
  /** The filter form's draft, its setter and its errors (what `fields` is given). */
  form: ReportFieldsProps;
  field: string;
  /** Fields cleared when this one changes (a district when its city does). */
  also?: ReportDraft;
  /** Whether the schema's Arabic reason shows under the field. */
  showError?: boolean;
};

/** A select bound to one field of a report's filter draft ('' is «no filter»). */
export function DraftSelect({ form, field, also, showError = false, ...select }: DraftSelectProps) {
  return (
    <SelectField
      {...select}
      value={form.draft[field] ?? ''}
      error={showError ? form.errors[field] : undefined}
      onChange={form.set(field, also)}
    />
  );
}

/** The season filter, offered only when the employee may list seasons. */
export function SeasonSelect({ form }: { form: ReportFieldsProps }) {
  const seasons = useSeasonOptions();
  if (seasons.length === 0) return null;
  return (
    <DraftSelect
      form={form}
      field="season_id"
      label="البرنامج الموسمي"
      placeholder="كل البرامج"
      options={seasons}
    />
  );
}

/** The city and, within it, the district (choosing another city clears the district). */
export function CityDistrictSelects({
  form,
  showErrors = false,
}: {
  form: ReportFieldsProps;
  showErrors?: boolean;
}) {
  const city = form.draft.city ?? '';
  return (
    <>
      <DraftSelect
        form={form}
        field="city"
        also={{ district: '' }}
        showError={showErrors}
        label="المدينة"
        placeholder="كل المدن"
        options={CITY_OPTIONS}
      />
      <DraftSelect
        form={form}
        field="district"
        showError={showErrors}
        label="الحي"
        placeholder="كل الأحياء"
        options={districtsOf(city).map((district) => ({
          value: district.code,
          label: district.label,
        }))}
        disabled={!city}
      />
    </>
  );
}
