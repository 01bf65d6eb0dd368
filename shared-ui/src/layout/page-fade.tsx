import styled, { css, keyframes } from 'styled-components';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/**
 * docs/shell.md#screens-and-routes: page content fades in over 0.25 s. Give it a `key` (e.g. the
 * pathname) to replay the fade on navigation. Reduced motion turns it off (here and in
 * GlobalStyle). `$still`: no fade, for the first page of a page load that opens into the shell —
 * there is no page to fade from, and its text must be seen (and counted as painted) at once.
 */
const fade = css`
  animation: ${fadeIn} ${({ theme }) => theme.motion.fade} ease-out both;
`;

export const PageFade = styled.div<{ $still?: boolean }>`
  ${({ $still }) => ($still ? null : fade)}

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
