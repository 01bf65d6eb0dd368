import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormGrid, Identifier, TextAreaField, TextField, bindFields } from 'shared-ui';
import { districtsOfCity, useLookups } from '../../../lib/lookups';
import type { FamilyValues } from './family-form-values';
import { PhoneDuplicatesNotice } from './phone-duplicates-notice';
import { ItemSelect } from '../../../lib/components/item-fields';

// The two forms isolated, so the "+" stays in front of 966 in right-to-left text.
const MOBILE_HINT = (
  <>
    يقبل <Identifier value="05XXXXXXXX" /> أو <Identifier value="+9665XXXXXXXX" /> والأرقام العربية
  </>
);

/** Phones and address (wizard step 2). The district list follows the chosen city. */
export function ContactSection({ excludeFamilyId }: { excludeFamilyId?: number }) {
  const { register, control, formState, setValue, getValues } = useFormContext<FamilyValues>();
  const fieldProps = bindFields(register, formState.errors);
  const lookups = useLookups();
  const [city, district, primaryPhone, altPhone] = useWatch({
    control,
    name: ['city', 'district', 'primary_phone', 'alt_phone'],
  });
  const districts = districtsOfCity(lookups, city);

  // A district of another city is cleared when the city changes.
  useEffect(() => {
    const district = getValues('district');
    if (district && !districts.some((item) => item.code === district)) {
      setValue('district', '', { shouldDirty: true });
    }
  }, [districts, getValues, setValue]);

  return (
    <FormGrid>
      <div>
        <TextField
          label="الجوال الأساسي"
          required
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="off"
          normaliseDigits
          hint={MOBILE_HINT}
          {...fieldProps('primary_phone')}
        />
        <PhoneDuplicatesNotice phone={primaryPhone} excludeFamilyId={excludeFamilyId} />
      </div>
      <div>
        <TextField
          label="جوال بديل"
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="off"
          normaliseDigits
          {...fieldProps('alt_phone')}
        />
        <PhoneDuplicatesNotice phone={altPhone} excludeFamilyId={excludeFamilyId} />
      </div>
      <ItemSelect
        label="المدينة"
        required
        placeholder="اختر المدينة..."
        items={lookups.cities}
        {...fieldProps('city')}
        value={city ?? ''}
      />
      <ItemSelect
        label="الحي"
        required
        placeholder={city ? 'اختر الحي...' : 'اختر المدينة أولاً'}
        disabled={!city}
        items={districts}
        {...fieldProps('district')}
        // Controlled: its options change with the city.
        value={district ?? ''}
      />
      <div data-span="full">
        <TextAreaField label="العنوان" rows={2} {...fieldProps('address')} />
      </div>
      <TextField
        label="العنوان الوطني المختصر"
        dir="ltr"
        autoComplete="off"
        normaliseDigits
        hint={
          <>
            4 أحرف إنجليزية و4 أرقام، مثال: <Identifier value="RRRD2929" />
          </>
        }
        {...fieldProps('national_address_short_code')}
      />
    </FormGrid>
  );
}
