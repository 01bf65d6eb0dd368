import { NOUNS } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/** Services with their types, axes and sectors (axes and sectors have keys of their own). */
export const servicesResource = defineResource({
  name: 'services',
  order: 30,
  noun: NOUNS.service,
  owner: 'mf-services',
  permissions: {
    section: 'الخدمات',
    keys: {
      show_services: 'إدارة الخدمات',
      show_axise: 'إدارة المحاور',
      show_departments: 'إدارة القطاعات',
    },
  },
  routes: [
    ...standardRoutes({
      pageIdPrefix: 'services',
      path: '/services',
      owner: 'mf-services',
      keys: { show: 'show_services', create: 'show_services', edit: 'show_services' },
      title: 'الخدمات',
      header: {
        description:
          'الخدمات المطلوبة والمقدمة للأسر وحالاتها. المتأخرة: تجاوزت تاريخ التنفيذ المتوقع ولم تُنفذ.',
      },
      sidebar: { label: 'الخدمات', icon: 'services', order: 30 },
    }),
    {
      pageId: 'services.types',
      path: '/services/service-types',
      permissions: ['show_services'],
      owner: 'mf-services',
      title: 'أنواع الخدمات',
    },
    {
      pageId: 'services.departments',
      path: '/services/service-departments',
      permissions: ['show_departments'],
      owner: 'mf-services',
      title: 'القطاعات',
      sidebar: {
        label: 'القطاعات',
        icon: 'departments',
        order: 32,
        hiddenWhenHeld: ['show_services'],
      },
    },
    {
      pageId: 'services.axes',
      path: '/services/service-axises',
      permissions: ['show_axise'],
      owner: 'mf-services',
      title: 'المحاور',
      sidebar: { label: 'المحاور', icon: 'axes', order: 31, hiddenWhenHeld: ['show_services'] },
    },
  ],
  pages: 'listed',
  activity: {
    service_department: {
      label: 'قطاع خدمات',
      link: null,
      fields: {
        name: 'اسم القطاع',
        manager: 'مدير القطاع',
        active: 'مفعّل',
      },
    },
    service_axis: {
      label: 'محور خدمات',
      link: null,
      fields: {
        name: 'اسم المحور',
        description: 'الوصف',
        active: 'مفعّل',
      },
    },
    service_type: {
      label: 'نوع خدمة',
      link: null,
      fields: {
        name: 'اسم نوع الخدمة',
        department: 'القطاع',
        axis: 'المحور',
        default_cost: 'التكلفة الافتراضية',
        unit: 'الوحدة',
        is_medical: 'خدمة طبية',
        active: 'مفعّل',
      },
    },
    service: { label: 'خدمة', link: { pageId: 'services.show', withId: true } },
  },
  fields: {
    service_type: 'نوع الخدمة',
    family: 'الأسرة',
    member: 'الفرد المستفيد',
    requested_by: 'الموظف طالب الخدمة',
    provider: 'الموظف مقدم الخدمة',
    implementing_org: 'الجهة المنفذة',
    request_date: 'تاريخ الطلب',
    approval_date: 'تاريخ الاعتماد',
    expected_date: 'التاريخ المتوقع للتنفيذ',
    delivery_date: 'تاريخ التنفيذ',
    quantity: 'الكمية',
    cost: 'التكلفة',
    status: 'الحالة',
    status_reason: 'سبب الحالة',
    details: 'تفاصيل الخدمة',
    follow_up_recommendations: 'توصيات المتابعة',
    beneficiary_satisfaction: 'رضا المستفيد',
  },
});
