import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { PERMISSION_KEYS, dateText } from 'shared-contracts';
import { findActivityFieldLabel } from 'shared-contracts/admin';
import {
  REPORT_ARCHIVE_MESSAGES,
  type REPORTS_ACTIVITY_ENTITY_LABELS,
  familyNeedsArchiveSchema,
  familyNeedsReportSchema,
  financialServicesReportArchiveSchema,
  financialServicesReportSchema,
  medicalArchiveSchema,
  medicalReportSchema,
  reportArchiveItemSchema,
  seminarReportArchiveSchema,
  seminarReportSchema,
  servicesReportArchiveSchema,
  servicesReportSchema,
  surveyReportArchiveSchema,
  surveyReportSchema,
} from 'shared-contracts/reports';
import { z } from 'zod';
import { MESSAGES } from '../../src/http/errors';
import { isZip, readXlsx } from './beneficiaries';
import { describeEachDatabase, type TestEmployee, type TestHarness } from './harness';

export type Query = Record<string, string>;
export type ValidationErrors = Record<string, string[]>;

// A type, not an interface: it stands where a query (`Record<string, string>`) is expected.
export type ReportPeriod = { from: string; to: string };

/** `GET /reports/<kind>/archives`: the items without their snapshots. */
const archiveListSchema = z.object({
  data: z.array(reportArchiveItemSchema),
  meta: z.object({ total: z.number() }),
});

// The envelope alone: the kind's own schema then checks `data`, keeping its type exact.
const envelopeSchema = z.object({ message: z.string().optional(), data: z.unknown() });

/**
 * What every report kind's suite shares (`defineReportEndpoints` gives each kind the
 * same routes): a reader holding only show_reports, an outsider holding every key but it, the live
 * report, and the checks of the routes' refusals, export and archives. `describeReport` builds
 * one per suite.
 */
export class ReportSuite<Report, Archive> {
  reader!: TestEmployee;
  outsider!: TestEmployee;
  /** `/reports/<kind>` (without the `/api` prefix). */
  readonly path: string;

  constructor(
    private readonly h: TestHarness,
    kind: string,
    readonly period: ReportPeriod,
    private readonly schemas: { report: z.ZodType<Report>; archive: z.ZodType<Archive> },
  ) {
    this.path = `/reports/${kind}`;
  }

  async createEmployees(): Promise<void> {
    this.reader = await this.h.createEmployee({
      name: 'منيرة التقارير',
      permissions: ['show_reports'],
    });
    this.outsider = await this.h.createEmployee({
      name: 'موظف بلا تقارير',
      permissions: PERMISSION_KEYS.filter((key) => key !== 'show_reports'),
    });
  }

  readonly get = (url: string, token: string | undefined, query?: Query) =>
    this.h.request('GET', `/api${url}`, { token, query });

  /** The live report as `who` (the reader unless said) sees it; anything but 200 throws. */
  readonly report = async (
    query: Query = this.period,
    who: TestEmployee = this.reader,
  ): Promise<Report> => {
    const response = await this.get(this.path, who.token, query);
    if (response.statusCode !== 200) throw new Error(response.payload);
    return this.schemas.report.parse(envelopeSchema.parse(response.json()).data);
  };

  parseArchive(response: LightMyRequestResponse): {
    message: string | undefined;
    data: Archive;
  } {
    const { message, data } = envelopeSchema.parse(response.json());
    return { message, data: this.schemas.archive.parse(data) };
  }

  /** The report: 401 without a session and 403 without show_reports, both in Arabic. */
  async expectReportRefusals(): Promise<void> {
    expect((await this.get(this.path, undefined, this.period)).json()).toEqual({
      message: MESSAGES.unauthenticated,
    });
    const forbidden = await this.get(this.path, this.outsider.token, this.period);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: MESSAGES.forbidden });
  }

  /** The report for `query` is refused with 422; its errors, for the caller's own checks. */
  async invalidQueryErrors(query: Query): Promise<ValidationErrors> {
    const response = await this.get(this.path, this.reader.token, query);
    expect(response.statusCode).toBe(422);
    return response.json<{ errors: ValidationErrors }>().errors;
  }

  /** The export: 401 without a session, 403 without show_reports, 422 for an unknown format. */
  async expectExportRefusals(): Promise<void> {
    const url = `${this.path}/export`;
    expect((await this.get(url, undefined, this.period)).statusCode).toBe(401);
    expect((await this.get(url, this.outsider.token, this.period)).statusCode).toBe(403);
    expect(
      (await this.get(url, this.reader.token, { ...this.period, format: 'pdf' })).statusCode,
    ).toBe(422);
  }

  /** The export of the period as `who` gets it: 200, an XLSX, right to left. */
  async exportSheet(who: TestEmployee = this.reader) {
    const response = await this.get(`${this.path}/export`, who.token, this.period);
    expect(response.statusCode).toBe(200);
    expect(isZip(response)).toBe(true);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    return sheet;
  }

  /** The activity rows of the exports of `entityType`. */
  exportLog(entityType: string) {
    return this.h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity_type', '=', entityType)
      .execute();
  }

  /**
   * Archiving refused: 401 without a session, 403 without show_reports, and 422 for `invalid`
   * posted by `who`; the 422 answer, for the caller's own checks.
   */
  async expectArchiveRefusals(
    invalid: unknown,
    who: TestEmployee = this.reader,
  ): Promise<LightMyRequestResponse> {
    const url = `/api${this.path}/archives`;
    expect((await this.h.request('POST', url, { body: this.period })).statusCode).toBe(401);
    expect(
      (await this.h.request('POST', url, { token: this.outsider.token, body: this.period }))
        .statusCode,
    ).toBe(403);
    const response = await this.h.request('POST', url, { token: who.token, body: invalid });
    expect(response.statusCode).toBe(422);
    return response;
  }

  /** Archives the report for `body` as `who`: 201 and the answer. */
  async createArchive(body: unknown = this.period, who: TestEmployee = this.reader) {
    const response = await this.h.request('POST', `/api${this.path}/archives`, {
      token: who.token,
      body,
    });
    expect(response.statusCode).toBe(201);
    return this.parseArchive(response);
  }

  showArchive(id: number, who: TestEmployee = this.reader): Promise<LightMyRequestResponse> {
    return this.get(`${this.path}/archives/${id}`, who.token);
  }

  /** The archive list as the reader reads it (200 expected). */
  async listArchives(query: Query = {}) {
    const response = await this.get(`${this.path}/archives`, this.reader.token, query);
    expect(response.statusCode).toBe(200);
    return archiveListSchema.parse(response.json());
  }

  /** The archive list: 401 without a session, 403 without show_reports, 422 for `badQuery`. */
  async expectArchiveListRefusals(badQuery: Query): Promise<void> {
    const url = `${this.path}/archives`;
    expect((await this.get(url, undefined)).statusCode).toBe(401);
    expect((await this.get(url, this.outsider.token)).statusCode).toBe(403);
    expect((await this.get(url, this.reader.token, badQuery)).statusCode).toBe(422);
  }

  /**
   * One archive's show and export: 404 in Arabic for an unknown id; 401 without a session and 403
   * without show_reports on both; 422 for an unknown export format.
   */
  async expectArchiveShowRefusals(id: number): Promise<void> {
    const missing = await this.get(`${this.path}/archives/999999`, this.reader.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: REPORT_ARCHIVE_MESSAGES.notFound });
    const show = `${this.path}/archives/${id}`;
    for (const url of [show, `${show}/export`]) {
      expect((await this.get(url, undefined)).statusCode).toBe(401);
      expect((await this.get(url, this.outsider.token)).statusCode).toBe(403);
    }
    expect(
      (await this.get(`${show}/export`, this.reader.token, { format: 'doc' })).statusCode,
    ).toBe(422);
  }

  /** An archive's export as `who` gets it: 200, an XLSX that says it is an archive; its cells. */
  async archiveFileCells(
    archive: { id: number; created_at: string },
    who: TestEmployee = this.reader,
  ): Promise<unknown[]> {
    const file = await this.get(`${this.path}/archives/${archive.id}/export`, who.token);
    expect(file.statusCode).toBe(200);
    expect(isZip(file)).toBe(true);
    const cells = (await readXlsx(file)).rows.flat();
    // The archive's date in words, as the archive page states it.
    expect(cells).toContain(`نسخة مؤرشفة بتاريخ ${dateText(archive.created_at.slice(0, 10))}`);
    return cells;
  }

  /** The database itself refuses any edit of an archive. */
  async expectArchiveImmutable(id: number): Promise<void> {
    await expect(
      sql`update report_archives set title = 'تعديل' where id = ${id}`.execute(this.h.db),
    ).rejects.toThrow();
  }
}

/** The logged fields with no Arabic label (the reports' declaration names them: `reportsResource`). */
export function unlabelledFields(
  entityType: keyof typeof REPORTS_ACTIVITY_ENTITY_LABELS,
  changes: unknown,
): string[] {
  return Object.keys((changes ?? {}) as object).filter(
    (field) => findActivityFieldLabel(entityType, field) === undefined,
  );
}

/** Rows in report_archives: a refused archive writes none. */
export async function archiveCount(h: TestHarness): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from report_archives`.execute(
    h.db,
  );
  return result.rows[0]?.n ?? 0;
}

const KIND_SCHEMAS = {
  'family-needs': { report: familyNeedsReportSchema, archive: familyNeedsArchiveSchema },
  'financial-services': {
    report: financialServicesReportSchema,
    archive: financialServicesReportArchiveSchema,
  },
  medical: { report: medicalReportSchema, archive: medicalArchiveSchema },
  seminar: { report: seminarReportSchema, archive: seminarReportArchiveSchema },
  services: { report: servicesReportSchema, archive: servicesReportArchiveSchema },
  survey: { report: surveyReportSchema, archive: surveyReportArchiveSchema },
};
type ReportKind = keyof typeof KIND_SCHEMAS;
type ReportOf<Kind extends ReportKind> = z.output<(typeof KIND_SCHEMAS)[Kind]['report']>;
type ArchiveOf<Kind extends ReportKind> = z.output<(typeof KIND_SCHEMAS)[Kind]['archive']>;
/**
 * Each built kind's answer and archive, by the kind in its routes. Typed by the kinds' outputs so
 * that indexing it with a generic kind keeps that kind's types rather than the union of all.
 */
const REPORT_KIND_SCHEMAS: {
  [Kind in ReportKind]: { report: z.ZodType<ReportOf<Kind>>; archive: z.ZodType<ArchiveOf<Kind>> };
} = KIND_SCHEMAS;

/**
 * `describeEachDatabase` for one report kind over `period`: the suite's reader and outsider are
 * created before the body's own beforeAll runs.
 */
export function describeReport<Kind extends ReportKind>(
  title: string,
  kind: Kind,
  period: ReportPeriod,
  body: (h: TestHarness, suite: ReportSuite<ReportOf<Kind>, ArchiveOf<Kind>>) => void,
): void {
  describeEachDatabase(title, (h) => {
    const suite = new ReportSuite(h, kind, period, REPORT_KIND_SCHEMAS[kind]);
    beforeAll(() => suite.createEmployees());
    body(h, suite);
  });
}
