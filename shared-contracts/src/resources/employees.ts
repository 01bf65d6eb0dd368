import { NOUNS } from '../core/plural';
import { defineResource } from '../core/resource';

/** Employees and the permission groups they belong to. */
export const employeesResource = defineResource({
  name: 'employees',
  order: 70,
  noun: NOUNS.employee,
  owner: 'mf-admin',
  permissions: {
    section: 'الإدارة والإعدادات',
    keys: { show_permissions_employees: 'إدارة الموظفين والصلاحيات' },
  },
  routes: [
    {
      pageId: 'employees.list',
      path: '/employee-permissions',
      permissions: ['show_permissions_employees'],
      owner: 'mf-admin',
      title: 'الموظفون والصلاحيات',
      header: { description: 'حسابات الموظفين وأدوارهم ومجموعاتهم وصلاحياتهم الفعلية.' },
      sidebar: { label: 'الموظفون والصلاحيات', icon: 'employees', order: 70 },
    },
    {
      pageId: 'permissions.list',
      path: '/employee-permissions/permissions',
      permissions: ['show_permissions_employees'],
      owner: 'mf-admin',
      title: 'الصلاحيات',
      header: {
        description:
          'مجموعات الصلاحيات: الصلاحيات الفعلية للموظف هي صلاحياته الفردية مع صلاحيات مجموعاته.',
      },
    },
    {
      pageId: 'permissions.create',
      path: '/employee-permissions/permissions/create',
      permissions: ['show_permissions_employees'],
      owner: 'mf-admin',
    },
    {
      pageId: 'permissions.edit',
      path: '/employee-permissions/permissions/edit/:id',
      permissions: ['show_permissions_employees'],
      owner: 'mf-admin',
    },
  ],
  pages: 'listed',
  activity: {
    employee: { label: 'موظف', link: null },
    permission_group: {
      label: 'مجموعة صلاحيات',
      link: { pageId: 'permissions.edit', withId: true },
      fields: {
        name: 'اسم المجموعة',
        description: 'الوصف',
        permissions: 'الصلاحيات',
      },
    },
  },
  fields: {
    name: 'الاسم',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    active: 'حالة الحساب',
    role: 'الدور',
    permissions: 'الصلاحيات',
    groups: 'مجموعات الصلاحيات',
  },
});
