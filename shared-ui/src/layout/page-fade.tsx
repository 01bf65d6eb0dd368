import styled, { keyframes } from 'styled-components';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/**
 * docs/shell.md#screens-and-routes: page content fades in over 0.25 s. Give it a `key` (e.g. the
 * pathname) to replay the fade on navigation. Reduced motion turns it off (here and in
 * GlobalStyle).
 */
export const PageFade = styled.div`
  animation: ${fadeIn} ${({ theme }) => theme.motion.fade} ease-out both;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
