import type { AppTheme } from '../theme/tokens';
import type { ChartTone } from './types';

/**
 * The theme's colours for charts. Each tone is a colour the theme already checks for contrast on
 * its surface (the badge foregrounds, primary, danger), so light and dark both read; the palette
 * order alternates hues so neighbouring series stay apart.
 */
export function toneColour(theme: AppTheme, tone: ChartTone): string {
  const { colors } = theme;
  switch (tone) {
    case 'primary':
      return colors.primary;
    case 'danger':
      return colors.danger;
    case 'neutral':
      return colors.textMuted;
    default:
      return colors.badge[tone].fg;
  }
}

export const PALETTE_ORDER: readonly ChartTone[] = [
  'primary',
  'info',
  'warning',
  'danger',
  'success',
  'neutral',
];

/** The palette: `n` colours from the theme, repeating after six. */
export function chartPalette(theme: AppTheme, n: number = PALETTE_ORDER.length): string[] {
  return Array.from({ length: n }, (_, i) =>
    toneColour(theme, PALETTE_ORDER[i % PALETTE_ORDER.length] ?? 'primary'),
  );
}

/** `#rrggbb` with an alpha (fills under lines, hovered bars). */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return hex;
  const n = Number.parseInt(match[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
