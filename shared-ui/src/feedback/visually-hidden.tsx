import styled, { css } from 'styled-components';

/** Hidden on screen, still read by screen readers (captions, status text, icon labels). */
export const visuallyHiddenStyles = css`
  position: absolute !important;
  inline-size: 1px !important;
  block-size: 1px !important;
  padding: 0 !important;
  margin: -1px !important;
  overflow: hidden !important;
  clip: rect(0, 0, 0, 0) !important;
  white-space: nowrap !important;
  border: 0 !important;
`;

export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
