import { employeeSchema, type Employee } from '../auth/employee';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Where the AES-GCM key lives. The default keeps a non-extractable key in IndexedDB, so the
 * stored employee record cannot be decrypted by copying local storage to another browser or
 * profile, and no passphrase ships in the bundle. It does NOT protect against script running in
 * this origin (XSS can call decrypt through the same key) — see the README.
 */
export interface CryptoKeyProvider {
  getKey(): Promise<CryptoKey>;
}

const DB_NAME = 'ataa-session';
const STORE_NAME = 'keys';
const KEY_ID = 'employee-record';

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function indexedDbKeyProvider(
  indexedDb: IDBFactory = globalThis.indexedDB,
): CryptoKeyProvider {
  let pending: Promise<CryptoKey> | undefined;
  const load = async (): Promise<CryptoKey> => {
    const open = indexedDb.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE_NAME);
    const db = await requestToPromise(open);
    try {
      const existing = await requestToPromise<unknown>(
        db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(KEY_ID),
      );
      if (existing && typeof existing === 'object' && 'algorithm' in existing)
        return existing as CryptoKey;
      const key = await globalThis.crypto.subtle.generateKey(
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
      await requestToPromise(
        db.transaction(STORE_NAME, 'readwrite').objectStore(STORE_NAME).put(key, KEY_ID),
      );
      return key;
    } finally {
      db.close();
    }
  };
  return {
    getKey: () => {
      pending ??= load().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
  };
}

const FORMAT_PREFIX = 'v1.';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function encryptRecord(key: CryptoKey, value: unknown): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain),
  );
  const packed = new Uint8Array(iv.length + cipher.length);
  packed.set(iv, 0);
  packed.set(cipher, iv.length);
  return FORMAT_PREFIX + toBase64(packed);
}

export async function decryptRecord(key: CryptoKey, stored: string): Promise<unknown> {
  if (!stored.startsWith(FORMAT_PREFIX)) throw new Error('Unknown employee record format');
  const packed = fromBase64(stored.slice(FORMAT_PREFIX.length));
  const iv = packed.slice(0, 12);
  const cipher = packed.slice(12);
  const plain = await globalThis.crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, cipher);
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

export interface SessionStore {
  readToken(): string | null;
  readEmployee(): Promise<Employee | null>;
  /** Saving replaces both token and employee, in storage (docs/shell.md#session-and-guard). */
  save(token: string, employee: Employee): Promise<void>;
  saveEmployee(employee: Employee): Promise<void>;
  clear(): void;
}

export function createSessionStore(
  storage: Storage = globalThis.localStorage,
  keys: CryptoKeyProvider = indexedDbKeyProvider(),
  log: (message: string, error: unknown) => void = (message, error) =>
    console.error(message, error),
): SessionStore {
  const saveEmployee = async (employee: Employee) => {
    storage.setItem(STORAGE_KEYS.employee, await encryptRecord(await keys.getKey(), employee));
  };
  return {
    readToken: () => storage.getItem(STORAGE_KEYS.token),
    readEmployee: async () => {
      const stored = storage.getItem(STORAGE_KEYS.employee);
      if (stored === null) return null;
      try {
        return employeeSchema.parse(await decryptRecord(await keys.getKey(), stored));
      } catch (error) {
        // docs/shell.md#session-and-guard: an unreadable record is logged and treated as absent.
        log('تعذرت قراءة بيانات الموظف المحفوظة', error);
        return null;
      }
    },
    save: async (token, employee) => {
      storage.setItem(STORAGE_KEYS.token, token);
      await saveEmployee(employee);
    },
    saveEmployee,
    clear: () => {
      storage.removeItem(STORAGE_KEYS.token);
      storage.removeItem(STORAGE_KEYS.employee);
    },
  };
}
