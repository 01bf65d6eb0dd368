import {
  SATISFACTION_MAX,
  SERVICE_STATUS_CAPABILITIES,
  nextServiceStatuses,
  serviceEndpoints,
  serviceStatusLabel,
  type ServiceDetail,
  type ServiceStatusHistoryEntry,
} from 'shared-contracts/services';
import {
  Card,
  DocumentsPanel,
  DescriptionList,
  FileNumber,
  LtrText,
  PageButtonLink,
  PageHeader,
  PageLink,
  RecordFromRoute,
  SectionTitle,
  Stack,
  Timeline,
  formatCurrency,
  formatDateDual,
  formatNumber,
  useCanCall,
} from 'shared-ui';
import { SERVICE_RECORD } from '../api/services-api';
import { OverdueBadge, ServiceStatusBadge } from '../components/service-badges';
import {
  ServiceSatisfactionAction,
  takesSatisfaction,
} from '../components/service-satisfaction-action';
import { ServiceStatusActions } from '../components/service-status-actions';

/** /services/show/:id: the service, its workflow actions and its status history. */
export default function ServicesShowPage() {
  return (
    <RecordFromRoute {...SERVICE_RECORD}>
      {(service) => <ServiceDetails service={service} />}
    </RecordFromRoute>
  );
}

function historyTitle(entry: ServiceStatusHistoryEntry): string {
  return entry.from === null
    ? `تسجيل طلب الخدمة (${serviceStatusLabel(entry.to)})`
    : `تغيّرت الحالة من «${serviceStatusLabel(entry.from)}» إلى «${serviceStatusLabel(entry.to)}»`;
}

function quantityText(service: ServiceDetail): string {
  const unit = service.service_type.unit;
  return unit ? `${formatNumber(service.quantity)} (${unit})` : formatNumber(service.quantity);
}

/** The loaded service; a component of its own so its hooks run only once it is there. */
function ServiceDetails({ service }: { service: ServiceDetail }) {
  const canChangeStatus = useCanCall(serviceEndpoints.status);
  const canUpdate = useCanCall(serviceEndpoints.update);
  const capabilities = SERVICE_STATUS_CAPABILITIES[service.status];
  // Newest first, as every history in the app reads.
  const history = [...service.status_history].reverse();

  return (
    <Stack>
      <PageHeader
        title={
          <>
            {service.service_type.name} <ServiceStatusBadge status={service.status} />{' '}
            {service.overdue ? <OverdueBadge /> : null}
          </>
        }
        description={
          <>
            خدمة رقم <LtrText>{String(service.id)}</LtrText> لأسرة {service.family.head_name}
          </>
        }
        actions={
          capabilities.edit ? (
            <>
              {canUpdate && takesSatisfaction(service) ? (
                <ServiceSatisfactionAction service={service} />
              ) : null}
              <PageButtonLink
                pageId="services.edit"
                params={{ id: service.id }}
                icon="edit"
                variant="secondary"
              >
                تعديل
              </PageButtonLink>
            </>
          ) : null
        }
      />
      {canChangeStatus && nextServiceStatuses(service.status).length > 0 ? (
        <Card as="section" aria-labelledby="service-actions">
          <SectionTitle id="service-actions">الإجراءات</SectionTitle>
          <ServiceStatusActions service={service} />
        </Card>
      ) : null}
      <Card as="section" aria-labelledby="service-details">
        <SectionTitle id="service-details">بيانات الخدمة</SectionTitle>
        <DescriptionList
          items={[
            { label: 'نوع الخدمة', value: service.service_type.name },
            { label: 'القطاع', value: service.department.name },
            { label: 'المحور', value: service.axis.name },
            {
              label: 'الأسرة',
              value: (
                <PageLink pageId="families.show" params={{ id: service.family.id }}>
                  {service.family.head_name}
                </PageLink>
              ),
            },
            { label: 'رقم الملف', value: <FileNumber value={service.family.file_number} /> },
            { label: 'الفرد المستفيد', value: service.member?.name ?? 'الأسرة كاملة' },
            { label: 'الموظف طالب الخدمة', value: service.requested_by?.name },
            { label: 'الموظف مقدم الخدمة', value: service.provider?.name },
            {
              label: 'الجهة المنفذة',
              value: service.implementing_org ? (
                <PageLink pageId="orgs.show" params={{ id: service.implementing_org.id }}>
                  {service.implementing_org.name}
                </PageLink>
              ) : null,
            },
            { label: 'تاريخ الطلب', value: formatDateDual(service.request_date) },
            { label: 'تاريخ الاعتماد', value: formatDateDual(service.approval_date) },
            {
              label: 'التاريخ المتوقع للتنفيذ',
              value: (
                <>
                  {formatDateDual(service.expected_date)}{' '}
                  {service.overdue ? <OverdueBadge /> : null}
                </>
              ),
            },
            { label: 'تاريخ التنفيذ', value: formatDateDual(service.delivery_date) },
            { label: 'الكمية', value: quantityText(service) },
            {
              label: 'التكلفة',
              value: service.cost === null ? null : formatCurrency(service.cost),
            },
            {
              label: 'رضا المستفيد',
              value:
                service.beneficiary_satisfaction === null
                  ? null
                  : `${formatNumber(service.beneficiary_satisfaction)} من ${formatNumber(SATISFACTION_MAX)}`,
            },
            { label: 'سبب الحالة', value: service.status_reason },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="service-notes">
        <SectionTitle id="service-notes">التفاصيل والمتابعة</SectionTitle>
        <DescriptionList
          layout="rows"
          items={[
            { label: 'تفاصيل الخدمة', value: service.details },
            { label: 'توصيات المتابعة', value: service.follow_up_recommendations },
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="service-history">
        <SectionTitle id="service-history">سجل الحالة</SectionTitle>
        <Timeline
          label="سجل حالة الخدمة"
          entries={history.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            title: historyTitle(entry),
            actor: entry.by?.name ?? null,
            at: entry.at,
            children: entry.reason ? <p>السبب: {entry.reason}</p> : undefined,
          }))}
        />
      </Card>
      <Card as="section" aria-labelledby="service-documents">
        <SectionTitle id="service-documents">المستندات</SectionTitle>
        <DocumentsPanel parent={{ kind: 'service', id: service.id }} caption="مستندات الخدمة" />
      </Card>
    </Stack>
  );
}
