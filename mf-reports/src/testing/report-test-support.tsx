import type { ReactElement } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Endpoint, ReportKind } from 'shared-contracts';
import {
  familyNeedsReportEndpoints,
  financialServicesReportEndpoints,
  medicalReportEndpoints,
  seminarReportEndpoints,
  servicesReportEndpoints,
  surveyReportEndpoints,
  type ReportEndpoints,
} from 'shared-contracts/reports';
import { stripBidiMarks } from 'shared-ui';
import { createFakeApi, listReply, type FakeHandler, type FakeReply } from 'shared-ui/testing';
import { renderPage, type RenderPageOptions } from './render-page';

/** Each report's endpoint table, which the fake API's handlers are keyed by. */
const REPORT_ENDPOINTS: Record<ReportKind, ReportEndpoints> = {
  'family-needs': familyNeedsReportEndpoints,
  'financial-services': financialServicesReportEndpoints,
  services: servicesReportEndpoints,
  medical: medicalReportEndpoints,
  seminar: seminarReportEndpoints,
  survey: surveyReportEndpoints,
};

/** An element's text as a person reads it: no bidi marks, spaces collapsed. */
export const plain = (text: string | null) =>
  stripBidiMarks(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

const STAMP = '2026-01-01T08:00:00.000Z';

/**
 * A row of a catalogue list a report filters by (departments, axes, seminar types), with the
 * fields of each of those lists.
 */
export const catalogueRow = (id: number, name: string) => ({
  id,
  name,
  manager: null,
  description: null,
  active: true,
  seminars_count: 1,
  service_types_count: 1,
  created_at: STAMP,
  updated_at: STAMP,
});

/** An archive as a fixture builds it: the listed item and its snapshot. */
interface ArchiveFixture {
  readonly id: number;
  readonly snapshot: unknown;
}

export interface OpenLiveReportOptions {
  readonly kind: ReportKind;
  /** The address opened, with its filters. */
  readonly path: string;
  /** `GET /reports/<kind>`'s report. */
  readonly report: unknown;
  /**
   * What `POST /reports/<kind>/archives` creates (a fixed answer with its message), or its own
   * handler; the archive's page is then a stand-in heading the link can open.
   */
  readonly archive?: ArchiveFixture | FakeHandler;
  /** The other GETs the page makes (its filters' lists), by declaration. */
  readonly lists?: readonly (readonly [Pick<Endpoint, 'method' | 'path'>, FakeReply])[];
  readonly user?: RenderPageOptions['user'];
}

/** A live report page answered by a fake API, which it returns with the page's router. */
export function openLiveReport(page: ReactElement, options: OpenLiveReportOptions) {
  const { kind, archive } = options;
  const api = createFakeApi();
  const endpoints = REPORT_ENDPOINTS[kind];
  api.on(endpoints.show, { status: 200, data: { data: options.report } });
  for (const [endpoint, reply] of options.lists ?? []) api.on(endpoint, reply);
  if (archive) {
    api.on(
      endpoints.archive,
      typeof archive === 'function'
        ? archive
        : { status: 201, data: { message: 'تمت أرشفة التقرير', data: archive } },
    );
  }
  const rendered = renderPage(page, {
    route: `/reports/${kind}`,
    path: options.path,
    api,
    user: options.user,
    routes: archive
      ? [{ path: `/reports/${kind}/archive/:id`, element: <h1>نسخة مؤرشفة</h1> }]
      : undefined,
  });
  return Object.assign(api, { router: rendered.router });
}

/** An archived copy's page, answered with `archive` (its snapshot included); returns the fake API. */
export function openArchiveShow(page: ReactElement, kind: ReportKind, archive: ArchiveFixture) {
  const api = createFakeApi();
  api.on(
    REPORT_ENDPOINTS[kind].archiveShow,
    { params: { id: archive.id } },
    {
      status: 200,
      data: { data: archive },
    },
  );
  renderPage(page, {
    route: `/reports/${kind}/archive/:id`,
    path: `/reports/${kind}/archive/${archive.id}`,
    api,
  });
  return api;
}

/** The archive list page, answered with `archives` as the API lists them: without snapshots. */
export function openArchiveList(
  page: ReactElement,
  kind: ReportKind,
  archives: readonly ArchiveFixture[],
) {
  const api = createFakeApi();
  const items = archives.map(({ snapshot: _snapshot, ...item }) => item);
  api.on(REPORT_ENDPOINTS[kind].archives, listReply(items, { per_page: 50 }));
  renderPage(page, { route: `/reports/${kind}/archive`, api });
  return api;
}

/** The «نسخة مؤرشفة بتاريخ …» mark in an archived copy's note. */
export function archivedMarkInNote() {
  return within(screen.getByRole('note', { name: 'نسخة مؤرشفة' })).getByText(/^نسخة مؤرشفة بتاريخ/);
}

/** The live report has loaded: its summary's heading, once shown. */
export function reportLoaded() {
  return screen.findByRole('heading', { name: 'الملخص' });
}

/** Clicks «أرشفة التقرير»; the link to the new archive (named by its title), once shown. */
/** «أرشفة التقرير», confirmed in its dialog (an archive cannot be undone), then the new link. */
export async function archiveReport(title: string) {
  fireEvent.click(screen.getByRole('button', { name: 'أرشفة التقرير' }));
  const dialog = await screen.findByRole('dialog', { name: 'أرشفة التقرير؟' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'أرشفة التقرير' }));
  return screen.findByRole('link', { name: title });
}
