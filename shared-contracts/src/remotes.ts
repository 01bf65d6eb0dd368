/** The six domain remotes. `name` is the package / URL name, `container` the federation global. */
export const REMOTES = {
  'mf-beneficiaries': { container: 'mf_beneficiaries', devPort: 3101, label: 'المستفيدون' },
  'mf-services': { container: 'mf_services', devPort: 3102, label: 'الخدمات' },
  'mf-finance': { container: 'mf_finance', devPort: 3103, label: 'المالية' },
  'mf-engagement': { container: 'mf_engagement', devPort: 3104, label: 'الندوات والاستبيانات' },
  'mf-reports': { container: 'mf_reports', devPort: 3105, label: 'التقارير' },
  'mf-admin': { container: 'mf_admin', devPort: 3106, label: 'الإدارة' },
} as const;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** What every remote exposes: a map from page id to a lazily loaded page component. */
export const REMOTE_PAGES_EXPOSE = './pages';
