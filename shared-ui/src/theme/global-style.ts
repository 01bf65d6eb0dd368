// Self-hosted variable Cairo (Arabic + Latin subsets split by unicode-range): no font request
// leaves the site, and Arabic glyphs download only when Arabic text is on the page.
// The explicit file path (not the bare package) lets every package's jest map it by its .css
// extension, and webpack's css rule match it, with no per-package special case.
import '@fontsource-variable/cairo/index.css';
import { createGlobalStyle } from 'styled-components';

/**
 * Base styles for the whole document. Everything direction-related uses logical properties, so
 * `<html dir="rtl">` alone decides the layout. Deliberately no `letter-spacing` anywhere: it
 * breaks the joining of Arabic letters.
 */
export const GlobalStyle = createGlobalStyle`
  html {
    color-scheme: ${({ theme }) => theme.colorScheme};
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  body {
    margin: 0;
    min-block-size: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.md};
    line-height: ${({ theme }) => theme.font.lineHeight};
    text-align: start;
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, h5, h6 {
    margin-block: 0;
    line-height: ${({ theme }) => theme.font.lineHeightTight};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }

  p {
    margin-block: 0;
  }

  /* Native controls do not inherit the font by default. */
  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }

  a {
    color: ${({ theme }) => theme.colors.link};
    text-underline-offset: 0.2em;
  }

  img, svg {
    max-inline-size: 100%;
  }

  /* Keyboard users get a visible ring; mouse clicks do not leave one behind. */
  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  :focus:not(:focus-visible) {
    outline: none;
  }

  ::selection {
    background: ${({ theme }) => theme.colors.primarySubtle};
    color: ${({ theme }) => theme.colors.onPrimarySubtle};
  }

  /* The page fade, toast slides and every transition honour the system setting. */
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
