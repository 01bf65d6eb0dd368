import type { FastifyRequest } from 'fastify';

const MAX_USER_AGENT = 500;

/** Where a request came from, for the activity log and the login limiter. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /**
   * The bulk action a change is part of («إجراء جماعي: تغيير الحالة»): added to its activity-log
   * row's label, so each item's row names the bulk action (docs/bulk-actions.md).
   */
  via?: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' && agent !== '' ? agent.slice(0, MAX_USER_AGENT) : null,
  };
}

/** Who makes a change and from where: what a write records in the activity log. */
export interface ChangeAuthor {
  /** The employee's id. */
  id: number;
  name: string;
  meta: RequestMeta;
}
