import { NOUNS } from '../core/plural';
import { defineResource, standardRoutes } from '../core/resource';

/** Seasonal programmes, their beneficiaries and distributions. */
export const seasonsResource = defineResource({
  name: 'seasons',
  order: 23,
  noun: NOUNS.programme,
  owner: 'mf-beneficiaries',
  permissions: {
    section: 'البرامج الموسمية',
    keys: {
      show_seasonal: 'عرض البرامج الموسمية',
      create_seasonal: 'إضافة البرامج الموسمية',
      edit_seasonal: 'تعديل البرامج الموسمية',
    },
  },
  routes: standardRoutes({
    pageIdPrefix: 'seasons',
    path: '/seasons',
    owner: 'mf-beneficiaries',
    keys: { show: 'show_seasonal', create: 'create_seasonal', edit: 'edit_seasonal' },
    title: 'الموسميون',
    sidebar: { label: 'الموسميون', icon: 'seasons', group: 'beneficiaries', order: 23 },
  }),
  pages: 'listed',
  activity: {
    season: { label: 'برنامج موسمي', link: { pageId: 'seasons.show', withId: true } },
    season_beneficiary: { label: 'مستفيد من برنامج', link: null },
    distribution: { label: 'تسليم', link: null },
  },
  fields: {},
});
