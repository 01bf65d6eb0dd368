import { z } from 'zod';

/**
 * docs/shell.md#session-and-guard: the sidebar's expanded/collapsed state survives 7 days,
 * site-wide.
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

const cookieValueSchema = z.enum(['true', 'false']);

/** The saved state, or null when there is none (or it is not one we wrote). */
export function readSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    const parsed = cookieValueSchema.safeParse(decodeURIComponent(rest.join('=')));
    return parsed.success ? parsed.data === 'true' : null;
  }
  return null;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
