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
    service_department: { label: 'قطاع خدمات', link: null },
    service_axis: { label: 'محور خدمات', link: null },
    service_type: { label: 'نوع خدمة', link: null },
    service: { label: 'خدمة', link: { pageId: 'services.show', withId: true } },
  },
  fields: {},
});
