import type { CSSProperties } from 'react';
import { ICON_PATHS, type IconName } from './icon-paths';

// Inline styles, not a styled component: a list shows an icon in every row (the details
// button), and a styled component per icon cost a render and a CSS lookup each.
const PLAIN: CSSProperties = {
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
  transform: 'none',
};
/* Icons are never mirrored automatically: an arrow must point where the text goes, a logo must
   not flip, so callers flip the direction-bearing ones themselves. */
const MIRRORED: CSSProperties = { ...PLAIN, transform: 'scaleX(-1)' };

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
    <svg
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
      style={mirrored ? MIRRORED : PLAIN}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {ICON_PATHS[name]}
    </svg>
  );
}
