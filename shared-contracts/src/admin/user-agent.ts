/**
 * The browser and system of an activity-log row in Arabic words ("كروم على ويندوز"): the log keeps
 * the raw `User-Agent` header (evidence, unchanged), but a person reads what it names, never
 * "Mozilla/5.0 (Windows NT 10.0; Win64; x64) …". Only the families people use are named; anything
 * else reads as an unknown browser or system rather than a Latin string.
 */

interface Pattern {
  readonly test: RegExp;
  readonly label: string;
}

/**
 * Browsers, most specific first: Edge, Opera and Samsung Internet also say "Chrome", Chrome says
 * "Safari", and the iOS wrappers (CriOS, FxiOS, EdgiOS) name the browser the person chose.
 */
const BROWSERS: readonly Pattern[] = [
  { test: /\bEdg(?:e|A|iOS)?\//, label: 'إيدج' },
  { test: /\b(?:OPR|Opera)\//, label: 'أوبرا' },
  { test: /\bSamsungBrowser\//, label: 'متصفح سامسونج' },
  { test: /\b(?:Firefox|FxiOS)\//, label: 'فايرفوكس' },
  { test: /\b(?:Chrome|CriOS|Chromium)\//, label: 'كروم' },
  { test: /\bVersion\/[\d.]+.*\bSafari\//, label: 'سفاري' },
];

/** Systems, most specific first: Android says "Linux", iPadOS and iOS say "like Mac OS X". */
const SYSTEMS: readonly Pattern[] = [
  { test: /\bAndroid\b/, label: 'أندرويد' },
  { test: /\biPad\b/, label: 'آيباد' },
  { test: /\b(?:iPhone|iPod)\b/, label: 'آيفون' },
  { test: /\bWindows\b/, label: 'ويندوز' },
  { test: /\bCrOS\b/, label: 'كروم أو إس' },
  { test: /\bMac OS X\b|\bMacintosh\b/, label: 'ماك' },
  { test: /\bLinux\b|\bX11\b/, label: 'لينكس' },
];

const UNKNOWN_BROWSER = 'متصفح غير معروف';
const UNKNOWN_SYSTEM = 'نظام غير معروف';

function firstMatch(patterns: readonly Pattern[], text: string): string | null {
  return patterns.find((pattern) => pattern.test.test(text))?.label ?? null;
}

/**
 * "كروم على ويندوز", "سفاري على آيفون", "فايرفوكس على لينكس"; "متصفح غير معروف" or
 * "… على نظام غير معروف" for what the tables do not name; null when the row has no user agent.
 */
export function describeUserAgent(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = firstMatch(BROWSERS, text);
  const system = firstMatch(SYSTEMS, text);
  if (!browser && !system) return UNKNOWN_BROWSER;
  return `${browser ?? UNKNOWN_BROWSER} على ${system ?? UNKNOWN_SYSTEM}`;
}
