import { z } from 'zod';
import { STORAGE_KEYS } from './storage-keys';

export const themeModeSchema = z.enum(['light', 'dark', 'system']);
export type ThemeMode = z.infer<typeof themeModeSchema>;
export const DEFAULT_THEME_MODE: ThemeMode = 'system';

export function readThemeMode(storage: Pick<Storage, 'getItem'>): ThemeMode {
  const parsed = themeModeSchema.safeParse(storage.getItem(STORAGE_KEYS.themeMode));
  return parsed.success ? parsed.data : DEFAULT_THEME_MODE;
}

export function writeThemeMode(storage: Pick<Storage, 'setItem'>, mode: ThemeMode): void {
  storage.setItem(STORAGE_KEYS.themeMode, mode);
}
