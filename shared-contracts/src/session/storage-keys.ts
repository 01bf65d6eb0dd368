/** The browser storage keys of spec §9; nothing else is written to local storage. */
export const STORAGE_KEYS = {
  token: 'token',
  employee: 'employee',
  themeMode: 'theme-mode',
  familyWizard: 'families/create',
} as const;
