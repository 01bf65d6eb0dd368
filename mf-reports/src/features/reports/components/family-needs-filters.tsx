import { FAMILY_CATEGORIES, SAUDI_CITIES, districtsOf } from 'shared-contracts/beneficiaries';
import { familyNeedsQuerySchema, type FamilyNeedsQuery } from 'shared-contracts/reports';
import { SelectField } from 'shared-ui';
import { useSeasonOptions } from '../api/reports-api';
import { ReportFilterForm } from '../kit';

/**
 * The family-needs filters: the period, the season (offered when the employee may list
 * seasons), the city and its district, the family category.
 */
export function FamilyNeedsFilters({
  query,
  onChange,
}: {
  query: FamilyNeedsQuery;
  onChange: (query: FamilyNeedsQuery) => void;
}) {
  const seasons = useSeasonOptions();
  return (
    <ReportFilterForm
      schema={familyNeedsQuerySchema}
      query={query}
      onChange={onChange}
      fields={({ draft, set }) => (
        <>
          {seasons.length > 0 ? (
            <SelectField
              label="البرنامج الموسمي"
              placeholder="كل البرامج"
              options={seasons}
              value={draft.season_id ?? ''}
              onChange={set('season_id')}
            />
          ) : null}
          <SelectField
            label="المدينة"
            placeholder="كل المدن"
            options={SAUDI_CITIES.map((city) => ({ value: city.code, label: city.label }))}
            value={draft.city ?? ''}
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
            disabled={!draft.city}
            onChange={set('district')}
          />
          <SelectField
            label="فئة الأسرة"
            placeholder="كل الفئات"
            options={FAMILY_CATEGORIES.map((category) => ({
              value: category.code,
              label: category.label,
            }))}
            value={draft.category ?? ''}
            onChange={set('category')}
          />
        </>
      )}
    />
  );
}
