import { IconButton } from 'shared-ui';
import { SIDEBAR_ID, useSidebar } from './sidebar-provider';

export const SIDEBAR_TRIGGER_LABEL = 'تبديل القائمة الجانبية';

/** The top bar's toggle; aria-expanded tells which state it is in on either screen size. */
export function SidebarTrigger() {
  const { isMobile, expanded, mobileOpen, toggle } = useSidebar();
  const open = isMobile ? mobileOpen : expanded;
  return (
    <IconButton
      label={SIDEBAR_TRIGGER_LABEL}
      icon="menu"
      aria-expanded={open}
      aria-controls={open || !isMobile ? SIDEBAR_ID : undefined}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
    />
  );
}
