// The toast constants (docs/shell.md#constants), exported so the host and tests use the same
// numbers.
/** At most one toast is visible: a new one replaces the current one. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays (hidden) in the store this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Default display time; a toast may set its own (the logout error uses 3000). */
export const TOAST_DEFAULT_DURATION = 5000;
/** A rightward swipe of at least this many px dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD = 50;
/** The key that moves focus to the notification region. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = 'الإشعارات (F8)';
export const TOAST_CLOSE_LABEL = 'إغلاق';
