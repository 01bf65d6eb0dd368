import styled from 'styled-components';
import { ICON_PATHS, type IconName } from './icon-paths';

const Svg = styled.svg<{ $mirrored: boolean }>`
  display: inline-block;
  flex-shrink: 0;
  vertical-align: middle;
  /* Icons are never mirrored automatically (refine #5953): callers flip direction-bearing ones. */
  transform: ${({ $mirrored }) => ($mirrored ? 'scaleX(-1)' : 'none')};
`;

export interface IconProps {
  name: IconName;
  /** px, default 20 */
  size?: number;
  /** Flip horizontally: for an arrow or chevron whose meaning follows the reading direction. */
  mirrored?: boolean;
  /** When set the icon is meaningful on its own (role="img"); otherwise it is decorative. */
  label?: string;
  className?: string;
  strokeWidth?: number;
}

export function Icon({
  name,
  size = 20,
  mirrored = false,
  label,
  className,
  strokeWidth = 2,
}: IconProps) {
  return (
    <Svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={className}
      data-icon={name}
      $mirrored={mirrored}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {ICON_PATHS[name]}
    </Svg>
  );
}
