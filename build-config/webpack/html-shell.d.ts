/** The host's (and a remote's standalone dev page's) HTML; see html-shell.js. */
export interface AppTag {
  tagName: string;
  attributes: Record<string, string | boolean | undefined | null>;
}

export interface AppFiles {
  scripts: string[];
  preloads: string[];
  /** font files the first screen is drawn with, preloaded with the app */
  fonts: string[];
}

export function htmlShell(
  title: string,
  options?: {
    bootLogin?: boolean;
    appTags?: { headTags?: AppTag[]; bodyTags?: AppTag[] };
    appFonts?: string[];
  },
): string;

export function appFilesOf(
  tags: { headTags?: AppTag[]; bodyTags?: AppTag[] } | undefined,
  fonts?: string[],
): AppFiles;

/** What the HTML page's script must agree on with the app (html-shell.js). */
export const BOOT_LOGIN_CONTRACT: {
  readonly loginUrl: string;
  readonly tokenKey: string;
  readonly fallbackMessage: string;
  readonly sendingLabel: string;
  readonly answerGlobal: string;
  readonly releasedEvent: string;
};
