import fs from 'node:fs';
import path from 'node:path';
import { contrastRatio, darkTheme, GlobalStyle, lightTheme, type AppTheme } from '../src';
import { renderWithTheme } from './render';

const AA_TEXT = 4.5;
// WCAG 1.4.11: focus indicators and control borders need 3:1 against what is next to them.
const AA_NON_TEXT = 3;

function textPairs(theme: AppTheme): [string, string, string][] {
  const c = theme.colors;
  const pairs: [string, string, string][] = [
    ['body text on background', c.text, c.background],
    ['body text on surface', c.text, c.surface],
    ['body text on muted surface', c.text, c.surfaceMuted],
    ['muted text on background', c.textMuted, c.background],
    ['muted text on surface', c.textMuted, c.surface],
    ['muted text on muted surface', c.textMuted, c.surfaceMuted],
    ['primary button', c.onPrimary, c.primary],
    ['primary button hovered', c.onPrimary, c.primaryHover],
    ['danger button', c.onDanger, c.danger],
    ['danger button hovered', c.onDanger, c.dangerHover],
    ['secondary button', c.onSecondary, c.secondary],
    ['secondary button hovered', c.onSecondary, c.secondaryHover],
    ['ghost button on surface', c.text, c.surface],
    ['link on surface', c.link, c.surface],
    ['link on background', c.link, c.background],
    ['field error text on surface', c.dangerText, c.surface],
    ['primary-subtle (selection, active)', c.onPrimarySubtle, c.primarySubtle],
    ['tooltip', c.tooltip.fg, c.tooltip.bg],
    ['toast', c.toast.fg, c.toast.bg],
    ['destructive toast', c.toastDestructive.fg, c.toastDestructive.bg],
    ['sidebar', c.sidebar.fg, c.sidebar.bg],
    ['sidebar active link', c.sidebar.activeFg, c.sidebar.activeBg],
    ['current stepper marker', c.primary, c.surface],
  ];
  for (const [tone, pair] of Object.entries(c.badge))
    pairs.push([`${tone} badge`, pair.fg, pair.bg]);
  return pairs;
}

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('%s theme', (_name, theme) => {
  it.each(textPairs(theme))('%s meets 4.5:1', (_label, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each([
    ['focus ring on surface', theme.colors.focus, theme.colors.surface],
    ['focus ring on background', theme.colors.focus, theme.colors.background],
    ['control border on surface', theme.colors.borderStrong, theme.colors.surface],
  ])('%s meets 3:1', (_label, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it('keeps the shell breakpoint and a roomy line height for Arabic', () => {
    expect(theme.breakpoints.md).toBe('768px');
    expect(theme.font.lineHeight).toBeGreaterThanOrEqual(1.6);
    expect(theme.font.family.startsWith("'Cairo Variable'")).toBe(true);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('GlobalStyle', () => {
  function globalCss(theme: AppTheme): string {
    renderWithTheme(<GlobalStyle />, { theme });
    // styled-components may insert rules through the CSSOM (no text in the <style> tag).
    return Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
      .join('\n')
      .replace(/\s+/g, ' ');
  }

  it('sets the font, line height, colour scheme, focus ring and reduced motion', () => {
    const css = globalCss(darkTheme);
    expect(css).toMatch(/font-family: ["']Cairo Variable["'], ?system-ui, ?sans-serif/);
    expect(css).toContain('line-height: 1.7');
    expect(css).toContain('color-scheme: dark');
    expect(css).toMatch(/:focus-visible \{ ?outline: 2px solid/);
    expect(css).toContain('prefers-reduced-motion: reduce');
  });
});

describe('source hygiene', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.tsx')) files.push(full);
    }
  };
  walk(path.join(__dirname, '..', 'src'));

  it('never sets letter-spacing (it breaks Arabic letter joining)', () => {
    const offenders = files.filter((file) =>
      /letter-spacing\s*:/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('uses logical properties instead of physical left/right margins and paddings', () => {
    const physical = /\b(margin|padding|border)-(left|right)\s*:|text-align:\s*(left|right)/;
    const offenders = files.filter((file) => physical.test(fs.readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
