import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { withOpenApiHint } from '../core/openapi-hints';
import { countOf, defineNoun } from '../core/plural';
import { REMOTE_NAMES, type RemoteName } from '../remotes';
import { ROUTES } from '../routes';

/**
 * What browsers report about the remotes they run (docs/decisions/0014): each load, each load that
 * failed after its retries, and each error a remote's error boundary caught. The release manager
 * compares versions by these rates, and a staged rollout stops by itself when its rate is too high.
 */
export const CLIENT_EVENT_KINDS = ['loaded', 'load_failed', 'render_error'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];

/** A report's message is cut to this length by the host; a longer one is refused. */
export const CLIENT_EVENT_MESSAGE_MAX = 500;
/** Reports are kept this long, then deleted. */
export const CLIENT_EVENT_RETENTION_DAYS = 30;
/** Reports one session may send per minute; past it the API answers 429 and keeps nothing. */
export const CLIENT_EVENTS_PER_MINUTE = 60;

const ROUTE_PATTERNS: ReadonlySet<string> = new Set(ROUTES.map((route) => route.path));
const VERSION_PATTERN = '^\\d+\\.\\d+\\.\\d+([-+][0-9A-Za-z.-]+)?$';
const versionSchema = withOpenApiHint(
  z.string().regex(new RegExp(VERSION_PATTERN), 'رقم إصدار غير صالح'),
  {
    input: {
      type: 'string',
      pattern: VERSION_PATTERN,
      description: 'رقم إصدار القسم كما في release.json (Remote version).',
      examples: ['1.4.0'],
    },
  },
);
const remoteSchema = z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]], 'قسم غير معروف');

/**
 * `POST /client-events`. The route is the route table's pattern (`/families/show/:id`), never the
 * address itself, so no record id travels; the message is scrubbed again by the API.
 */
export const clientEventInputSchema = z.strictObject({
  remote: remoteSchema,
  version: versionSchema,
  kind: z.enum(CLIENT_EVENT_KINDS, 'نوع حدث غير معروف'),
  route: withOpenApiHint(
    z
      .string()
      .max(200)
      .refine((route) => ROUTE_PATTERNS.has(route), 'مسار غير موجود في جدول المسارات'),
    {
      input: {
        type: 'string',
        maxLength: 200,
        description: 'نمط المسار من جدول المسارات، لا العنوان نفسه (Route pattern).',
        examples: ['/financial'],
      },
    },
  ),
  message: z
    .string()
    .max(
      CLIENT_EVENT_MESSAGE_MAX,
      `الرسالة أطول من ${countOf(CLIENT_EVENT_MESSAGE_MAX, 'character', { case: 'oblique' })}`,
    )
    .optional(),
});
export type ClientEventInput = z.infer<typeof clientEventInputSchema>;

export const clientEventAcceptedSchema = z.object({ message: z.string() });

/**
 * A message as it may be reported and stored: no email address, no long number (national ids,
 * phones, record ids written into an error), no query string of an address (tokens travel
 * there), one line, at most 500 characters. The host applies it before sending and the API again
 * whatever a client sends.
 */
export function scrubClientMessage(message: string | undefined): string | null {
  if (message === undefined) return null;
  const scrubbed = message
    .replace(/[^\s@]+@[^\s@]+/g, '[بريد]')
    .replace(/(https?:\/\/[^\s?#]*)[?#]\S*/g, '$1')
    .replace(/\d{5,}/g, '[رقم]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CLIENT_EVENT_MESSAGE_MAX);
  return scrubbed === '' ? null : scrubbed;
}

/** One remote version's figures since a moment. */
export const clientEventSummaryRowSchema = z.object({
  remote: remoteSchema,
  version: z.string(),
  /** distinct sign-in sessions that reported anything for this version */
  sessions: z.number().int(),
  /** successful loads */
  loads: z.number().int(),
  /** loads that failed after their retries */
  load_failures: z.number().int(),
  /** errors caught by the remote's error boundary */
  render_errors: z.number().int(),
});
export type ClientEventSummaryRow = z.infer<typeof clientEventSummaryRowSchema>;

export const clientEventSummaryQuerySchema = z.object({
  /** ISO date-time; the last 24 hours when absent */
  since: z.iso.datetime({ offset: true, message: 'وقت البداية غير صالح' }).optional(),
});

export const clientEventSummaryResponseSchema = z.object({
  data: z.object({ since: z.string(), rows: z.array(clientEventSummaryRowSchema) }),
});
export type ClientEventSummaryResponse = z.infer<typeof clientEventSummaryResponseSchema>;

/**
 * Errors per 100 load attempts (a failed load is an attempt too), or null before any attempt.
 * The figure a rollout's automatic stop compares with its threshold.
 */
export function errorRatePer100(
  row: Pick<ClientEventSummaryRow, 'loads' | 'load_failures' | 'render_errors'>,
): number | null {
  const attempts = row.loads + row.load_failures;
  if (attempts === 0) return null;
  return ((row.load_failures + row.render_errors) * 100) / attempts;
}

/** Load attempts (successes and failures): what a rollout's `minLoads` counts. */
export function loadAttempts(row: Pick<ClientEventSummaryRow, 'loads' | 'load_failures'>): number {
  return row.loads + row.load_failures;
}

/** The header the gateway and the release CLI send to read the figures without a sign-in. */
export const RELEASE_MONITOR_HEADER = 'x-release-monitor-token';

export const clientEventEndpoints = defineEndpoints('client-events', {
  report: {
    method: 'POST',
    path: '/client-events',
    body: clientEventInputSchema,
    response: clientEventAcceptedSchema,
    access: access.authenticated,
    status: 202,
    summary: 'تسجيل تحميل قسم أو تعذر تحميله أو خطأ في عرضه',
  },
  summary: {
    method: 'GET',
    path: '/client-events/summary',
    query: clientEventSummaryQuerySchema,
    response: clientEventSummaryResponseSchema,
    access: access.superAdmin,
    summary: 'ملخص تحميل الأقسام وأخطائها لكل إصدار',
  },
  /**
   * The same figures for the gateway's automatic stop and `pnpm release status`, which have no
   * sign-in: answered only with the release store's monitor token in `x-release-monitor-token`.
   */
  monitor: {
    method: 'GET',
    path: '/client-events/monitor',
    query: clientEventSummaryQuerySchema,
    response: clientEventSummaryResponseSchema,
    access: access.public,
    summary: 'ملخص الأحداث لبوابة الموقع وأداة الإصدارات (برمز المراقبة)',
  },
});

/** Nouns of the releases page and the status line. */
export const RELEASE_NOUNS = {
  session: defineNoun({
    one: 'جلسة',
    two: 'جلستان',
    few: 'جلسات',
    many: 'جلسة',
    other: 'جلسة',
    gender: 'feminine',
    zero: 'لا توجد جلسات',
  }),
  load: defineNoun({
    one: 'تحميل',
    two: 'تحميلان',
    few: 'تحميلات',
    many: 'تحميلاً',
    other: 'تحميل',
    gender: 'masculine',
    zero: 'لا يوجد تحميل',
  }),
  error: defineNoun({
    one: 'خطأ',
    two: 'خطآن',
    few: 'أخطاء',
    many: 'خطأً',
    other: 'خطأ',
    gender: 'masculine',
    zero: 'لا توجد أخطاء',
  }),
} as const;
