import { useState } from 'react';
import {
  SERVICE_FIELD_LABELS,
  SERVICE_STATUS_CAPABILITIES,
  serviceInputSchema,
  serviceLockedFieldsError,
  type ServiceDetail,
  type ServiceType,
} from 'shared-contracts/services';
import { pathTo } from 'shared-contracts';
import {
  Card,
  DateField,
  DescriptionList,
  FileNumber,
  FormGrid,
  Notice,
  NumberField,
  RecordForm,
  SectionTitle,
  SelectField,
  TextAreaField,
  bindFields,
  formatCurrency,
  formatNumber,
  useCurrentEmployee,
  useRecordFormSave,
  useSchemaForm,
  employeeOptions,
  namedOptionsWith,
} from 'shared-ui';
import { choosableOptions, useServiceTypeCatalogue } from '../../../lib/catalogue';
import { useSaveService, useServiceOptions, useServiceSaved } from '../api/services-api';
import { ServiceFamilySection } from './service-family-section';
import { defaultCostText, serviceFormDefaults } from './service-form-values';
import { SATISFACTION_OPTIONS } from './service-satisfaction-action';

const L = SERVICE_FIELD_LABELS;
const CHOOSE = 'اختر...';

function typeHint(type: ServiceType | undefined): string | undefined {
  if (!type) return undefined;
  const parts = [`${type.department.name} — ${type.axis.name}`];
  if (type.default_cost !== null)
    parts.push(
      `التكلفة الافتراضية ${formatCurrency(type.default_cost)}${type.unit ? ` لكل ${type.unit}` : ''}`,
    );
  return parts.join('، ');
}

/**
 * Request (`service` null) or edit a service. Only active service types are offered (plus the
 * one an edited service holds). The cost follows the type's default cost × quantity until the
 * employee types a cost of their own. The approval and delivery fields appear once the service
 * has reached those statuses (SERVICE_STATUS_CAPABILITIES); status changes are the show page's.
 */
export function ServiceForm({
  service,
  familyId = null,
}: {
  service: ServiceDetail | null;
  /** A new service's family, from the address (`?family_id=`). */
  familyId?: number | null;
}) {
  const { data: me } = useCurrentEmployee();
  const types = useServiceTypeCatalogue();
  const options = useServiceOptions();
  const saveService = useSaveService(service?.id ?? null);
  const serviceSaved = useServiceSaved();
  const form = useSchemaForm(serviceInputSchema, {
    defaultValues: serviceFormDefaults(service, { employeeId: me?.id, familyId }),
  });
  const { register, formState, getValues, setValue } = form;
  const fieldProps = bindFields(register, formState.errors);
  const capabilities = SERVICE_STATUS_CAPABILITIES[service?.status ?? 'requested'];
  // A closed (delivered) service keeps its family, type, quantity and cost: shown, not offered.
  const lockedReason = service ? serviceLockedFieldsError(service.status) : null;
  // The cost follows the type until the employee types one (an edited service keeps its own).
  const [costFollowsType, setCostFollowsType] = useState(service === null || service.cost === null);

  const typeById = (id: string) => types.data?.find((type) => String(type.id) === id);
  const followType = () => {
    if (!costFollowsType) return;
    const type = typeById(String(getValues('service_type_id')));
    const quantity = String(getValues('quantity') ?? '');
    setValue('cost', defaultCostText(type?.default_cost ?? null, quantity), { shouldDirty: true });
  };
  const chosenType = typeById(String(form.watch('service_type_id') ?? ''));

  const save = useRecordFormSave({
    form,
    save: saveService,
    errorTitle: 'تعذر حفظ الخدمة',
    onSaved: (answer) => ({
      toast: {
        title: service ? 'حُفظت تعديلات الخدمة' : 'سُجّل طلب الخدمة',
        description: `${answer.data.service_type.name} — ${answer.data.family.head_name}`,
      },
      to: serviceSaved(answer),
    }),
  });

  const employees = options.data?.employees ?? [];
  return (
    <RecordForm
      form={form}
      save={save}
      label={service ? 'تعديل الخدمة' : 'طلب خدمة'}
      submitLabel={service ? 'حفظ التعديلات' : 'تسجيل الطلب'}
      cancelTo={service ? pathTo('services.show', { id: service.id }) : pathTo('services.list')}
    >
      {service && lockedReason ? (
        <LockedServiceFacts service={service} reason={lockedReason} />
      ) : (
        <ServiceFamilySection
          keptFamilyId={service?.family.id ?? null}
          keptMember={service?.member ?? null}
        />
      )}
      <Card as="section" aria-labelledby="service-main">
        <SectionTitle id="service-main">الخدمة</SectionTitle>
        <FormGrid>
          {lockedReason ? null : (
            <>
              <div data-span="full">
                <SelectField
                  label={L.service_type}
                  required
                  placeholder={CHOOSE}
                  options={choosableOptions(types.data, service?.service_type)}
                  hint={typeHint(chosenType) ?? 'لا تُطلب إلا أنواع الخدمات المفعّلة.'}
                  {...fieldProps('service_type_id', { onChange: followType })}
                />
              </div>
              <NumberField
                label={L.quantity}
                required
                inputMode="numeric"
                {...fieldProps('quantity', { onChange: followType })}
              />
              <NumberField
                label={`${L.cost} (ريال)`}
                hint="تُحسب من التكلفة الافتراضية للنوع × الكمية ما لم تُدخل غيرها."
                {...fieldProps('cost', {
                  onChange: () => setCostFollowsType(false),
                })}
              />
            </>
          )}
          <SelectField
            label={L.requested_by}
            placeholder={CHOOSE}
            // A new service is requested by whoever fills the form: offered before the list loads.
            options={employeeOptions(employees, service ? service.requested_by : me)}
            {...fieldProps('requested_by_id')}
          />
          <SelectField
            label={L.provider}
            placeholder="لم يُحدد"
            options={employeeOptions(employees, service?.provider)}
            {...fieldProps('provider_id')}
          />
          <SelectField
            label={L.implementing_org}
            placeholder="لا توجد (تنفذها الجمعية)"
            hint="للإحالة إلى جهة خارجية."
            options={namedOptionsWith(options.data?.organisations ?? [], service?.implementing_org)}
            {...fieldProps('implementing_org_id')}
          />
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="service-dates">
        <SectionTitle id="service-dates">التواريخ</SectionTitle>
        <FormGrid>
          <DateField label={L.request_date} required {...fieldProps('request_date')} />
          <DateField label={L.expected_date} {...fieldProps('expected_date')} />
          {capabilities.approval_date ? (
            <DateField label={L.approval_date} {...fieldProps('approval_date')} />
          ) : null}
          {capabilities.delivery ? (
            <DateField label={L.delivery_date} {...fieldProps('delivery_date')} />
          ) : null}
        </FormGrid>
      </Card>
      <Card as="section" aria-labelledby="service-notes">
        <SectionTitle id="service-notes">التفاصيل والمتابعة</SectionTitle>
        <FormGrid>
          <div data-span="full">
            <TextAreaField label={L.details} rows={3} {...fieldProps('details')} />
          </div>
          <div data-span="full">
            <TextAreaField
              label={L.follow_up_recommendations}
              rows={3}
              {...fieldProps('follow_up_recommendations')}
            />
          </div>
          {capabilities.delivery ? (
            <SelectField
              label={L.beneficiary_satisfaction}
              placeholder="لم يُسجَّل"
              options={SATISFACTION_OPTIONS}
              {...fieldProps('beneficiary_satisfaction')}
            />
          ) : null}
        </FormGrid>
      </Card>
    </RecordForm>
  );
}

/**
 * What a closed service keeps as recorded (family, member, type, quantity, cost), read-only with
 * the reason and the way to correct it; the form sends them back unchanged.
 */
function LockedServiceFacts({ service, reason }: { service: ServiceDetail; reason: string }) {
  const unit = service.service_type.unit;
  return (
    <Card as="section" aria-labelledby="service-locked">
      <SectionTitle id="service-locked">ما لا يتغير في الخدمة</SectionTitle>
      <Notice tone="info">{reason}</Notice>
      <DescriptionList
        items={[
          { label: L.service_type, value: service.service_type.name },
          { label: 'الأسرة', value: service.family.head_name },
          { label: 'رقم الملف', value: <FileNumber value={service.family.file_number} /> },
          { label: L.member, value: service.member?.name ?? 'الأسرة كاملة' },
          {
            label: L.quantity,
            value: unit
              ? `${formatNumber(service.quantity)} (${unit})`
              : formatNumber(service.quantity),
          },
          { label: L.cost, value: service.cost === null ? null : formatCurrency(service.cost) },
        ]}
      />
    </Card>
  );
}
