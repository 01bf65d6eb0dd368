/**
 * Query keys of the beneficiaries section, one factory per resource, so a mutation in one
 * feature can invalidate another feature's lists (moving a member changes two families).
 */
export const beneficiariesKeys = {
  lookups: ['beneficiaries', 'lookups'] as const,
  researchers: ['beneficiaries', 'researchers'] as const,
  families: {
    all: ['families'] as const,
    list: (params: Record<string, string>) => ['families', 'list', params] as const,
    detail: (id: number) => ['families', 'detail', id] as const,
    timeline: (id: number) => ['families', 'timeline', id] as const,
    picker: (search: string) => ['families', 'picker', search] as const,
  },
  members: {
    all: ['family-members'] as const,
    list: (params: Record<string, string>) => ['family-members', 'list', params] as const,
  },
  orgs: {
    all: ['orgs'] as const,
    list: (params: Record<string, string>) => ['orgs', 'list', params] as const,
    detail: (id: number) => ['orgs', 'detail', id] as const,
    options: ['orgs', 'options'] as const,
  },
  seasons: {
    all: ['seasons'] as const,
    list: (params: Record<string, string>) => ['seasons', 'list', params] as const,
    detail: (id: number) => ['seasons', 'detail', id] as const,
    beneficiaries: (id: number, params: Record<string, string>) =>
      ['seasons', 'detail', id, 'beneficiaries', params] as const,
    distributions: (id: number, params: Record<string, string>) =>
      ['seasons', 'detail', id, 'distributions', params] as const,
    distributionList: (id: number) => ['seasons', 'detail', id, 'distribution-list'] as const,
  },
};
