/**
 * Design tokens. Two complete sets (light and dark) with the same shape, so a component never
 * branches on the theme name: it reads `theme.colors.x` and both sets are checked for WCAG AA
 * contrast in `tokens.test.ts`.
 */

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface ColourPair {
  bg: string;
  fg: string;
}

export interface AppColours {
  /** page background behind cards */
  background: string;
  /** cards, dialogs, menus, inputs */
  surface: string;
  /** table headers, hovered rows, disabled inputs */
  surfaceMuted: string;
  border: string;
  /** input and control outlines: 3:1 against the surface (WCAG 1.4.11) */
  borderStrong: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryHover: string;
  /** text and icons on `primary` */
  onPrimary: string;
  /** primary-tinted background for selected rows, active sidebar links */
  primarySubtle: string;
  /** text on `primarySubtle` */
  onPrimarySubtle: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  /** error messages under fields, on `surface` */
  dangerText: string;
  secondary: string;
  secondaryHover: string;
  onSecondary: string;
  link: string;
  focus: string;
  /** dialog backdrop */
  overlay: string;
  tooltip: ColourPair;
  toast: ColourPair & { border: string };
  toastDestructive: ColourPair & { border: string };
  badge: Record<BadgeTone, ColourPair>;
  sidebar: { bg: string; fg: string; activeBg: string; activeFg: string; border: string };
}

export interface AppTheme {
  name: 'light' | 'dark';
  /** written to `html { color-scheme }` so native controls (date picker, scrollbars) match */
  colorScheme: 'light' | 'dark';
  colors: AppColours;
  radii: { sm: string; md: string; lg: string; full: string };
  space: { xxs: string; xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  font: {
    family: string;
    /** Arabic needs room above and below for marks, so never tighter than 1.6 */
    lineHeight: number;
    lineHeightTight: number;
    size: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
    weight: { regular: number; medium: number; semibold: number; bold: number };
  };
  shadows: { sm: string; md: string; lg: string };
  zIndex: {
    sticky: number;
    sidebar: number;
    topBar: number;
    dropdown: number;
    overlay: number;
    toast: number;
    tooltip: number;
  };
  breakpoints: { md: string };
  /** ready-made media queries, so components do not rebuild the string */
  media: { md: string; reducedMotion: string };
  motion: { fade: string; fast: string };
  /**
   * The sidebar widths (docs/shell.md#constants), shared so the host and any remote layout agree
   */
  layout: {
    sidebarWidth: string;
    sidebarWidthMobile: string;
    sidebarWidthIcon: string;
    topBarHeight: string;
    contentMaxWidth: string;
  };
}

const FONT_FAMILY = "'Cairo Variable', system-ui, sans-serif";

const shared = {
  radii: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  space: {
    xxs: '0.125rem',
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  font: {
    family: FONT_FAMILY,
    lineHeight: 1.7,
    lineHeightTight: 1.4,
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.375rem',
      xxl: '1.75rem',
    },
    weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  },
  zIndex: {
    sticky: 10,
    sidebar: 30,
    topBar: 40,
    dropdown: 50,
    overlay: 60,
    toast: 70,
    tooltip: 80,
  },
  breakpoints: { md: '768px' },
  media: {
    md: '@media (min-width: 768px)',
    reducedMotion: '@media (prefers-reduced-motion: reduce)',
  },
  motion: { fade: '0.25s', fast: '0.15s' },
  layout: {
    sidebarWidth: '16rem',
    sidebarWidthMobile: '18rem',
    sidebarWidthIcon: '3rem',
    topBarHeight: '3.5rem',
    contentMaxWidth: '90rem',
  },
} as const;

export const lightTheme: AppTheme = {
  ...shared,
  name: 'light',
  colorScheme: 'light',
  colors: {
    background: '#f5f7f8',
    surface: '#ffffff',
    surfaceMuted: '#eef2f3',
    border: '#d9e0e3',
    borderStrong: '#7b8a91',
    text: '#172026',
    textMuted: '#4b5a62',
    primary: '#0f6e66',
    primaryHover: '#0b5a53',
    onPrimary: '#ffffff',
    primarySubtle: '#e2f3f0',
    onPrimarySubtle: '#0b4f49',
    danger: '#b42318',
    dangerHover: '#912018',
    onDanger: '#ffffff',
    dangerText: '#b42318',
    secondary: '#ffffff',
    secondaryHover: '#eef2f3',
    onSecondary: '#172026',
    link: '#0f6e66',
    focus: '#0f6e66',
    overlay: 'rgba(16, 24, 32, 0.55)',
    tooltip: { bg: '#1f2a30', fg: '#ffffff' },
    toast: { bg: '#ffffff', fg: '#172026', border: '#d9e0e3' },
    toastDestructive: { bg: '#b42318', fg: '#ffffff', border: '#912018' },
    badge: {
      neutral: { bg: '#eef2f3', fg: '#374349' },
      info: { bg: '#e0eefb', fg: '#114a7a' },
      success: { bg: '#dcf5e6', fg: '#155b33' },
      warning: { bg: '#fdf0d2', fg: '#7a4100' },
      danger: { bg: '#fde3e1', fg: '#931f16' },
    },
    sidebar: {
      bg: '#ffffff',
      fg: '#172026',
      activeBg: '#e2f3f0',
      activeFg: '#0b4f49',
      border: '#d9e0e3',
    },
  },
  shadows: {
    sm: '0 1px 2px rgba(16, 24, 32, 0.06)',
    md: '0 4px 12px rgba(16, 24, 32, 0.1)',
    lg: '0 12px 32px rgba(16, 24, 32, 0.18)',
  },
};

export const darkTheme: AppTheme = {
  ...shared,
  name: 'dark',
  colorScheme: 'dark',
  colors: {
    background: '#0e1417',
    surface: '#172024',
    surfaceMuted: '#1f2a2f',
    border: '#2d3a40',
    borderStrong: '#7d8e96',
    text: '#e8eef0',
    textMuted: '#a8b6bc',
    primary: '#5fd3c4',
    primaryHover: '#82ded2',
    onPrimary: '#06231f',
    primarySubtle: '#153a36',
    onPrimarySubtle: '#a7ece3',
    danger: '#f08a80',
    dangerHover: '#f5a79f',
    onDanger: '#2b0603',
    dangerText: '#f6a49b',
    secondary: '#1f2a2f',
    secondaryHover: '#2a373d',
    onSecondary: '#e8eef0',
    link: '#6fdccd',
    focus: '#6fdccd',
    overlay: 'rgba(0, 0, 0, 0.65)',
    tooltip: { bg: '#e8eef0', fg: '#10181b' },
    toast: { bg: '#1f2a2f', fg: '#e8eef0', border: '#2d3a40' },
    toastDestructive: { bg: '#8f1d14', fg: '#ffffff', border: '#b42318' },
    badge: {
      neutral: { bg: '#2a353a', fg: '#dfe6e9' },
      info: { bg: '#11304a', fg: '#b9dcfa' },
      success: { bg: '#123523', fg: '#b4ecc8' },
      warning: { bg: '#3a2a08', fg: '#f8d98e' },
      danger: { bg: '#421512', fg: '#fbc3bd' },
    },
    sidebar: {
      bg: '#172024',
      fg: '#e8eef0',
      activeBg: '#153a36',
      activeFg: '#a7ece3',
      border: '#2d3a40',
    },
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.55)',
  },
};

export const themes: Record<AppTheme['name'], AppTheme> = { light: lightTheme, dark: darkTheme };
