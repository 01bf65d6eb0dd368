import {
  createSessionStore,
  decryptRecord,
  encryptRecord,
  indexedDbKeyProvider,
  type CryptoKeyProvider,
} from '../src/session/session-store';
import { STORAGE_KEYS } from '../src/session/storage-keys';
import { readThemeMode, writeThemeMode } from '../src/session/theme-mode';
import {
  isContractsCompatible,
  remotesConfigSchema,
  releaseInfoSchema,
  CONTRACTS_VERSION,
} from '../src/remotes-config';
import type { Employee } from '../src/auth/employee';

const employee: Employee = {
  id: 1,
  name: 'سارة العتيبي',
  email: 'sara@example.sa',
  active: true,
  permissions: ['show_families'],
  role: 'Super Admin',
};

describe('session store codec', () => {
  beforeEach(() => localStorage.clear());

  test('round trip: token in plain text, employee encrypted', async () => {
    const store = createSessionStore(localStorage, indexedDbKeyProvider());
    await store.save('abc', employee);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    const raw = localStorage.getItem(STORAGE_KEYS.employee) ?? '';
    expect(raw).not.toContain('sara@example.sa');
    expect(raw.startsWith('v1.')).toBe(true);
    expect(await store.readEmployee()).toEqual(employee);
    store.clear();
    expect(store.readToken()).toBeNull();
    expect(await store.readEmployee()).toBeNull();
  });

  test('the key survives a new store (same browser)', async () => {
    await createSessionStore(localStorage, indexedDbKeyProvider()).save('t', employee);
    expect(await createSessionStore(localStorage, indexedDbKeyProvider()).readEmployee()).toEqual(
      employee,
    );
  });

  test('a corrupted record is logged and treated as absent', async () => {
    const log = jest.fn();
    const store = createSessionStore(localStorage, indexedDbKeyProvider(), log);
    await store.save('t', employee);
    const raw = localStorage.getItem(STORAGE_KEYS.employee) ?? '';
    localStorage.setItem(STORAGE_KEYS.employee, raw.slice(0, -6) + 'AAAAAA');
    expect(await store.readEmployee()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.employee, 'not encrypted at all');
    expect(await store.readEmployee()).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });

  test('a record encrypted under another key is unreadable', async () => {
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    const provider: CryptoKeyProvider = { getKey: async () => otherKey };
    const foreign = await encryptRecord(otherKey, employee);
    expect(await decryptRecord(await provider.getKey(), foreign)).toEqual(employee);
    localStorage.setItem(STORAGE_KEYS.employee, foreign);
    const log = jest.fn();
    expect(
      await createSessionStore(localStorage, indexedDbKeyProvider(), log).readEmployee(),
    ).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  test('a decrypted record of the wrong shape is absent', async () => {
    const provider = indexedDbKeyProvider();
    localStorage.setItem(
      STORAGE_KEYS.employee,
      await encryptRecord(await provider.getKey(), { name: 1 }),
    );
    expect(await createSessionStore(localStorage, provider, jest.fn()).readEmployee()).toBeNull();
  });
});

describe('theme mode', () => {
  test('defaults to system and ignores junk', () => {
    localStorage.clear();
    expect(readThemeMode(localStorage)).toBe('system');
    localStorage.setItem('theme-mode', 'purple');
    expect(readThemeMode(localStorage)).toBe('system');
    writeThemeMode(localStorage, 'dark');
    expect(readThemeMode(localStorage)).toBe('dark');
  });
});

describe('remotes.json and release.json', () => {
  test('valid config parses; unknown remote or bad version is refused', () => {
    expect(
      remotesConfigSchema.safeParse({
        remotes: {
          'mf-finance': {
            version: '1.2.0',
            manifest: '/remotes/mf-finance/1.2.0/mf-manifest.json',
          },
        },
      }).success,
    ).toBe(true);
    expect(
      remotesConfigSchema.safeParse({ remotes: { 'mf-x': { version: '1.0.0', manifest: '/x' } } })
        .success,
    ).toBe(false);
    expect(
      remotesConfigSchema.safeParse({
        remotes: { 'mf-finance': { version: 'latest', manifest: '/x' } },
      }).success,
    ).toBe(false);
  });
  test('contracts compatibility is by major', () => {
    expect(isContractsCompatible('1.4.2', '1.0.0')).toBe(true);
    expect(isContractsCompatible('2.0.0', '1.9.9')).toBe(false);
    expect(isContractsCompatible(CONTRACTS_VERSION)).toBe(true);
    expect(
      releaseInfoSchema.safeParse({
        name: 'mf-admin',
        version: '1.0.0',
        builtAt: 'x',
        contractsVersion: '1.0.0',
      }).success,
    ).toBe(true);
  });
});
