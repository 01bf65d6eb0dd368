import type { ThemeMode } from 'shared-contracts';
import { DropdownMenu, Icon, type IconName } from 'shared-ui';
import { useThemeMode } from './theme-mode-provider';

const OPTIONS: readonly { mode: ThemeMode; label: string; icon: IconName }[] = [
  { mode: 'light', label: 'فاتح', icon: 'sun' },
  { mode: 'dark', label: 'داكن', icon: 'moon' },
  { mode: 'system', label: 'حسب النظام', icon: 'monitor' },
];

export const THEME_MENU_LABEL = 'المظهر';

/**
 * The light/dark/system switch (docs/shell.md#top-bar-and-theme). The trigger's icon and accessible
 * name say the current choice; the chosen item carries a check mark in place of its icon.
 */
export function ThemeSwitch() {
  const { mode, setMode } = useThemeMode();
  const current = OPTIONS.find((option) => option.mode === mode) ?? OPTIONS[2];
  return (
    <DropdownMenu
      label={`${THEME_MENU_LABEL}: ${current?.label ?? ''}`}
      trigger={<Icon name={current?.icon ?? 'monitor'} size={20} />}
      items={OPTIONS.map((option) => ({
        label: option.label,
        icon: option.mode === mode ? 'check' : option.icon,
        onSelect: () => setMode(option.mode),
      }))}
    />
  );
}
