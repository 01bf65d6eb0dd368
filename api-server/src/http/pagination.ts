import type { ListEnvelope, ListMeta } from 'shared-contracts';

export function listMeta(page: number, perPage: number, total: number): ListMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export function listEnvelope<T>(data: T[], page: number, perPage: number, total: number): ListEnvelope<T> {
  return { data, meta: listMeta(page, perPage, total) };
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}
