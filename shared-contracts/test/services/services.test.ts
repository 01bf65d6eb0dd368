import '../../src/index';
import { endpointsOf, type EndpointAccess } from '../../src/core/endpoint';
import { REASON_REQUIRED_MESSAGE, todayIso } from '../../src/core/values';
import { ARABIC_MESSAGES } from '../../src/core/arabic-error-map';
import { ACTIVITY_FIELD_LABELS } from '../../src/admin';
import { servicesResource } from '../../src/resources/services';
import {
  SERVICES_ACTIVITY_ENTITY_LABELS,
  SERVICE_MESSAGES,
  SERVICE_STATUSES,
  SERVICE_STATUS_CODES,
  SERVICE_STATUS_TRANSITIONS,
  canTransitionService,
  familyServiceRefusal,
  fromServiceListParams,
  isServiceOverdue,
  serviceAxisEndpoints,
  serviceAxisInputSchema,
  serviceDepartmentEndpoints,
  serviceDepartmentInputSchema,
  serviceDetailSchema,
  serviceDetailToInput,
  serviceEndpoints,
  serviceExportQuerySchema,
  serviceInputSchema,
  serviceListQuerySchema,
  serviceStatusChangeSchema,
  serviceSummarySchema,
  serviceTransitionError,
  serviceTypeEndpoints,
  serviceTypeInputSchema,
  serviceTypeSchema,
  serviceTypeToInput,
  toServiceListParams,
} from '../../src/services';
import { errorsOf, parseOk } from '../beneficiaries/helpers';

const accessText = (access: EndpointAccess) =>
  access.kind === 'permissions'
    ? [...access.all, ...(access.anyOf ? [`anyOf(${access.anyOf.join(',')})`] : [])].join(' ')
    : access.kind;

function shiftDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('the services endpoint declarations', () => {
  test('paths and access exactly as the route table gives them', () => {
    const tables = [
      serviceDepartmentEndpoints,
      serviceAxisEndpoints,
      serviceTypeEndpoints,
      serviceEndpoints,
    ];
    expect(
      endpointsOf(...tables).map(
        (endpoint) => `${endpoint.method} ${endpoint.path} ${accessText(endpoint.access)}`,
      ),
    ).toEqual([
      'GET /service-departments anyOf(show_services,show_departments)',
      'GET /service-departments/managers anyOf(show_services,show_departments)',
      'GET /service-departments/:id anyOf(show_services,show_departments)',
      'POST /service-departments show_departments',
      'PUT /service-departments/:id show_departments',
      'DELETE /service-departments/:id show_departments',
      'GET /service-axes anyOf(show_services,show_axise)',
      'GET /service-axes/:id anyOf(show_services,show_axise)',
      'POST /service-axes show_axise',
      'PUT /service-axes/:id show_axise',
      'DELETE /service-axes/:id show_axise',
      'GET /service-types show_services',
      'GET /service-types/:id show_services',
      'POST /service-types show_services',
      'PUT /service-types/:id show_services',
      'DELETE /service-types/:id show_services',
      'GET /services show_services',
      'GET /services/summary show_services',
      'GET /services/export show_services',
      'GET /services/families show_services',
      'GET /services/options show_services',
      'GET /services/:id show_services',
      'POST /services show_services',
      'PUT /services/:id show_services',
      'POST /services/:id/status show_services',
    ]);
    expect(serviceEndpoints.create.status).toBe(201);
    expect(serviceEndpoints.export.response).toEqual({ kind: 'file' });
  });
});

describe('catalogue inputs', () => {
  test('a department, an axis and a type parse with their defaults', () => {
    expect(
      parseOk(serviceDepartmentInputSchema, { name: ' الرعاية الاجتماعية ', manager_id: '' }),
    ).toEqual({
      name: 'الرعاية الاجتماعية',
      manager_id: null,
      active: true,
    });
    expect(parseOk(serviceAxisInputSchema, { name: 'الإغاثة', description: '  ' })).toEqual({
      name: 'الإغاثة',
      description: null,
      active: true,
    });
    expect(
      parseOk(serviceTypeInputSchema, {
        name: 'سلة غذائية',
        department_id: '2',
        axis_id: 1,
        default_cost: '٢٥٠٫٥٠',
        unit: 'سلة',
      }),
    ).toEqual({
      name: 'سلة غذائية',
      department_id: 2,
      axis_id: 1,
      default_cost: 250.5,
      unit: 'سلة',
      is_medical: false,
      active: true,
    });
  });

  test('required names and references carry the Arabic messages', () => {
    expect(errorsOf(serviceDepartmentInputSchema, { name: '' })).toEqual({
      name: [ARABIC_MESSAGES.required],
    });
    expect(
      errorsOf(serviceTypeInputSchema, {
        name: 'س',
        department_id: '',
        axis_id: null,
        default_cost: '10.555',
      }),
    ).toMatchObject({
      name: [ARABIC_MESSAGES.stringMin(2)],
      // An absent select and a cleared one (`''`) are both empty: "required".
      department_id: [ARABIC_MESSAGES.required],
      axis_id: [ARABIC_MESSAGES.required],
      default_cost: ['يجب ألا يزيد المبلغ عن منزلتين عشريتين'],
    });
    expect(
      errorsOf(serviceTypeInputSchema, {
        name: 'نوع',
        department_id: 1,
        axis_id: 1,
        default_cost: -1,
      }),
    ).toEqual({
      default_cost: [ARABIC_MESSAGES.numberMin(0)],
    });
  });

  test('a type answered by the API turns back into its form values (money as a numeric string too)', () => {
    const type = parseOk(serviceTypeSchema, {
      id: 4,
      name: 'إيجار سكن',
      department: { id: 1, name: 'الإسكان' },
      axis: { id: 2, name: 'الإغاثة' },
      default_cost: '1500.00',
      unit: 'شهر',
      is_medical: false,
      active: true,
      services_count: 3,
      created_at: '2026-01-01T08:00:00.000Z',
      updated_at: '2026-01-01T08:00:00.000Z',
    });
    expect(type.default_cost).toBe(1500);
    expect(parseOk(serviceTypeInputSchema, serviceTypeToInput(type))).toMatchObject({
      department_id: 1,
      axis_id: 2,
      default_cost: 1500,
    });
  });
});

describe('the service input', () => {
  const today = todayIso();
  const base = { service_type_id: 3, family_id: 7, request_date: shiftDays(today, -10) };

  test('a minimal request parses: blanks become null, quantity defaults to 1', () => {
    expect(
      parseOk(serviceInputSchema, {
        ...base,
        member_id: '',
        cost: '',
        beneficiary_satisfaction: null,
      }),
    ).toMatchObject({
      ...base,
      member_id: null,
      cost: null,
      beneficiary_satisfaction: null,
      quantity: 1,
    });
  });

  test('dates must be in order and not in the future', () => {
    expect(
      errorsOf(serviceInputSchema, {
        ...base,
        approval_date: shiftDays(today, -11),
        expected_date: shiftDays(today, -12),
        delivery_date: shiftDays(today, -20),
      }),
    ).toEqual({
      approval_date: [SERVICE_MESSAGES.approvalBeforeRequest],
      expected_date: [SERVICE_MESSAGES.expectedBeforeRequest],
      delivery_date: [SERVICE_MESSAGES.deliveryBeforeRequest],
    });
    expect(
      errorsOf(serviceInputSchema, {
        ...base,
        request_date: shiftDays(today, 1),
        delivery_date: shiftDays(today, 2),
      }),
    ).toEqual({
      request_date: [SERVICE_MESSAGES.requestInFuture],
      delivery_date: [SERVICE_MESSAGES.deliveryInFuture],
    });
    expect(
      errorsOf(serviceInputSchema, {
        ...base,
        approval_date: shiftDays(today, -5),
        delivery_date: shiftDays(today, -6),
      }),
    ).toEqual({
      delivery_date: [SERVICE_MESSAGES.deliveryBeforeApproval],
    });
    // An expected date in the future is the normal case.
    expect(
      parseOk(serviceInputSchema, { ...base, expected_date: shiftDays(today, 30) }).expected_date,
    ).toBe(shiftDays(today, 30));
  });

  test('the date checks run even when another field fails', () => {
    expect(
      errorsOf(serviceInputSchema, { ...base, family_id: '', request_date: shiftDays(today, 3) }),
    ).toEqual({
      family_id: [ARABIC_MESSAGES.required],
      request_date: [SERVICE_MESSAGES.requestInFuture],
    });
  });

  test('satisfaction is 1 to 5, quantity at least 1', () => {
    expect(
      errorsOf(serviceInputSchema, { ...base, beneficiary_satisfaction: 6, quantity: 0 }),
    ).toEqual({
      beneficiary_satisfaction: [ARABIC_MESSAGES.tooBig],
      quantity: [ARABIC_MESSAGES.numberMin(1)],
    });
    expect(
      parseOk(serviceInputSchema, { ...base, beneficiary_satisfaction: '٤' })
        .beneficiary_satisfaction,
    ).toBe(4);
  });

  test('a detail turns back into a body the schema accepts', () => {
    const detail = parseOk(serviceDetailSchema, {
      id: 1,
      service_type: { id: 3, name: 'سلة غذائية', unit: 'سلة', is_medical: false },
      department: { id: 1, name: 'الرعاية الاجتماعية' },
      axis: { id: 2, name: 'الإغاثة' },
      family: { id: 7, file_number: '1447-00007', head_name: 'سعد العتيبي', status: 'approved' },
      member: null,
      requested_by: { id: 2, name: 'منى' },
      provider: null,
      implementing_org: null,
      request_date: base.request_date,
      approval_date: null,
      expected_date: null,
      delivery_date: null,
      quantity: 2,
      cost: '500.00',
      status: 'requested',
      status_reason: null,
      overdue: false,
      beneficiary_satisfaction: null,
      created_at: '2026-01-01T08:00:00.000Z',
      updated_at: '2026-01-01T08:00:00.000Z',
      details: null,
      follow_up_recommendations: null,
      status_history: [
        {
          from: null,
          to: 'requested',
          reason: null,
          at: '2026-01-01T08:00:00.000Z',
          by: { id: 2, name: 'منى' },
        },
      ],
    });
    expect(parseOk(serviceInputSchema, serviceDetailToInput(detail))).toMatchObject({
      service_type_id: 3,
      family_id: 7,
      requested_by_id: 2,
      cost: 500,
      quantity: 2,
    });
  });
});

describe('the service workflow', () => {
  test('moves only along requested → approved → in_progress → delivered, or to rejected / cancelled', () => {
    const allowed = SERVICE_STATUS_CODES.flatMap((from) =>
      SERVICE_STATUS_CODES.filter((to) => canTransitionService(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual([
      'requested→approved',
      'requested→rejected',
      'requested→cancelled',
      'approved→in_progress',
      'approved→cancelled',
      'in_progress→delivered',
      'in_progress→cancelled',
      'delivered→cancelled',
    ]);
    // A delivered service is corrected only by cancelling it with a reason.
    expect(SERVICE_STATUS_TRANSITIONS.delivered).toEqual(['cancelled']);
    expect(serviceTransitionError('requested', 'delivered')).toBe(
      'لا يمكن نقل الخدمة من حالة «مطلوبة» إلى حالة «منفذة»',
    );
    expect(serviceTransitionError('approved', 'in_progress')).toBeNull();
  });

  test('rejecting and cancelling need a reason; the status date cannot be in the future', () => {
    expect(errorsOf(serviceStatusChangeSchema, { status: 'rejected', reason: ' لا ' })).toEqual({
      reason: [REASON_REQUIRED_MESSAGE],
    });
    expect(errorsOf(serviceStatusChangeSchema, { status: 'cancelled' })).toEqual({
      reason: [REASON_REQUIRED_MESSAGE],
    });
    expect(
      parseOk(serviceStatusChangeSchema, { status: 'cancelled', reason: 'طلب الأسرة' }),
    ).toMatchObject({ status: 'cancelled', reason: 'طلب الأسرة' });
    expect(parseOk(serviceStatusChangeSchema, { status: 'approved', date: '' })).toMatchObject({
      status: 'approved',
      date: null,
    });
    expect(
      errorsOf(serviceStatusChangeSchema, { status: 'delivered', date: shiftDays(todayIso(), 1) }),
    ).toEqual({ date: [SERVICE_MESSAGES.statusDateInFuture] });
    expect(errorsOf(serviceStatusChangeSchema, { status: 'done' })).toEqual({
      status: [ARABIC_MESSAGES.invalidEnum],
    });
  });

  test('overdue: open and past the expected date', () => {
    expect(
      isServiceOverdue({ status: 'approved', expected_date: '2026-01-09' }, '2026-01-10'),
    ).toBe(true);
    expect(
      isServiceOverdue({ status: 'in_progress', expected_date: '2026-01-10' }, '2026-01-10'),
    ).toBe(false);
    expect(
      isServiceOverdue({ status: 'delivered', expected_date: '2026-01-01' }, '2026-01-10'),
    ).toBe(false);
    expect(
      isServiceOverdue({ status: 'cancelled', expected_date: '2026-01-01' }, '2026-01-10'),
    ).toBe(false);
    expect(isServiceOverdue({ status: 'requested', expected_date: null }, '2026-01-10')).toBe(
      false,
    );
  });

  test('only approved families can be served, and the refusal says why', () => {
    expect(familyServiceRefusal('approved')).toBeNull();
    expect(familyServiceRefusal('suspended')).toBe(
      'لا يمكن تقديم خدمة لأسرة حالتها «موقوفة»، تُقدَّم الخدمات للأسر المعتمدة فقط',
    );
    expect(familyServiceRefusal('pending_review')).toContain('«قيد المراجعة»');
  });
});

describe('the services list query', () => {
  test('reads the flat filter keys and writes them back', () => {
    const query = parseOk(serviceListQuerySchema, {
      'filter[status]': 'requested,approved',
      'filter[family_id]': '7',
      'filter[overdue]': 'true',
      'filter[request_from]': '٢٠٢٦-٠١-٠١',
      'filter[request_to]': '',
      sort: 'request_date',
      order: 'desc',
    });
    expect(query.filter).toEqual({
      status: ['requested', 'approved'],
      family_id: 7,
      overdue: true,
      request_from: '2026-01-01',
    });
    expect(toServiceListParams(query)).toEqual({
      sort: 'request_date',
      order: 'desc',
      'filter[status]': 'requested,approved',
      'filter[family_id]': '7',
      'filter[overdue]': 'true',
      'filter[request_from]': '2026-01-01',
    });
  });

  test('refuses unknown statuses and dates (422 keys) and drops them when reading a page URL', () => {
    expect(
      errorsOf(serviceListQuerySchema, {
        'filter[status]': 'lost',
        'filter[request_to]': '2026-13-01',
      }),
    ).toEqual({
      'filter.status.0': [ARABIC_MESSAGES.invalidEnum],
      'filter.request_to': [ARABIC_MESSAGES.invalidDate],
    });
    expect(
      fromServiceListParams(new URLSearchParams('filter[status]=lost&filter[axis_id]=2')).filter,
    ).toEqual({ axis_id: 2 });
  });

  test('the export adds the format', () => {
    expect(parseOk(serviceExportQuerySchema, { 'filter[family_id]': '3' })).toMatchObject({
      format: 'xlsx',
      filter: { family_id: 3 },
    });
    expect(parseOk(serviceExportQuerySchema, { format: 'csv' })).toMatchObject({ format: 'csv' });
  });

  test('the summary lists every status', () => {
    const counts = Object.fromEntries(SERVICE_STATUS_CODES.map((code) => [code, 1]));
    expect(
      parseOk(serviceSummarySchema, {
        total: 6,
        by_status: counts,
        overdue: 0,
        delivered_cost: '120.50',
      }).delivered_cost,
    ).toBe(120.5);
    expect(
      serviceSummarySchema.safeParse({
        total: 1,
        by_status: { requested: 1 },
        overdue: 0,
        delivered_cost: 0,
      }).success,
    ).toBe(false);
  });
});

describe('labels', () => {
  test('every status and every audited field has an Arabic name', () => {
    const arabic = /[\u0600-\u06FF]/;
    for (const status of SERVICE_STATUSES) expect(status.label).toMatch(arabic);
    const entityTypes = Object.keys(servicesResource.activity);
    expect([...entityTypes].sort()).toEqual(Object.keys(SERVICES_ACTIVITY_ENTITY_LABELS).sort());
    for (const entityType of entityTypes) {
      const labels = ACTIVITY_FIELD_LABELS[entityType];
      expect(labels).toBeDefined();
      for (const label of Object.values(labels ?? {})) expect(label).toMatch(arabic);
    }
    // The log reads the declaration's tables themselves: a service its record's fields.
    expect(ACTIVITY_FIELD_LABELS.service_type).toBe(servicesResource.activity.service_type.fields);
    expect(ACTIVITY_FIELD_LABELS.service).toBe(servicesResource.fields);
  });
});
