/** The host's (and a remote's standalone dev page's) HTML; see html-shell.js. */
export function htmlShell(title: string, options?: { bootLogin?: boolean }): string;
