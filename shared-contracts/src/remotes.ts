/**
 * The six domain remotes. `name` is the package / URL name, `container` the federation global,
 * `label` the section's name on its own, `afterSection` the same name as it reads after «قسم»
 * (Arabic puts it in the genitive: «قسم المستفيدين», never «قسم المستفيدون»).
 */
export const REMOTES = {
  'mf-beneficiaries': {
    container: 'mf_beneficiaries',
    devPort: 3101,
    label: 'المستفيدون',
    afterSection: 'المستفيدين',
  },
  'mf-services': {
    container: 'mf_services',
    devPort: 3102,
    label: 'الخدمات',
    afterSection: 'الخدمات',
  },
  'mf-finance': {
    container: 'mf_finance',
    devPort: 3103,
    label: 'المالية',
    afterSection: 'المالية',
  },
  'mf-engagement': {
    container: 'mf_engagement',
    devPort: 3104,
    label: 'الندوات والاستبيانات',
    afterSection: 'الندوات والاستبيانات',
  },
  'mf-reports': {
    container: 'mf_reports',
    devPort: 3105,
    label: 'التقارير',
    afterSection: 'التقارير',
  },
  'mf-admin': { container: 'mf_admin', devPort: 3106, label: 'الإدارة', afterSection: 'الإدارة' },
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** What every remote exposes: a map from page id to a lazily loaded page component. */
export const REMOTE_PAGES_EXPOSE = './pages';
