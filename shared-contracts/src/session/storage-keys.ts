/**
 * The browser storage keys of docs/shell.md#constants; nothing else is written to local storage.
 */
export const STORAGE_KEYS = {
  token: 'token',
  employee: 'employee',
  themeMode: 'theme-mode',
  familyWizard: 'families/create',
} as const;
