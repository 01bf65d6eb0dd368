import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_ENTITY_LABELS,
  SECRET_CHANGED_MARKER,
} from 'shared-contracts/admin';
import { PERMISSION_LABELS, isPermissionKey } from 'shared-contracts';
import { EMPTY_VALUE } from 'shared-ui';

/**
 * Arabic names of the actions, record types and changed fields. The contracts name the
 * actions and record types the API writes; actions and types added by later modules (the
 * database keeps them open) are shown as written rather than hidden.
 */
export function actionLabel(action: string): string {
  return ACTIVITY_ACTION_LABELS[action] ?? action;
}

export function entityTypeLabel(entityType: string | null): string {
  if (!entityType) return EMPTY_VALUE;
  return ACTIVITY_ENTITY_LABELS[entityType] ?? entityType;
}

/** Field names in the changes of the records the log knows (the employee's audited fields). */
const FIELD_LABELS: Record<string, string> = {
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  active: 'حالة الحساب',
  role: 'الدور',
  permissions: 'الصلاحيات',
};

export function fieldLabel(field: string): string | undefined {
  return FIELD_LABELS[field];
}

/** The readable form of one old or new value; `ltr` marks text that must keep its direction. */
export function describeValue(field: string, value: unknown): { text: string; ltr: boolean } {
  if (value === null || value === undefined || value === '')
    return { text: EMPTY_VALUE, ltr: false };
  if (value === SECRET_CHANGED_MARKER) return { text: SECRET_CHANGED_MARKER, ltr: false };
  if (typeof value === 'boolean') {
    if (field === 'active') return { text: value ? 'مفعل' : 'موقوف', ltr: false };
    return { text: value ? 'نعم' : 'لا', ltr: false };
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: 'لا شيء', ltr: false };
    const items = value.map((item) =>
      isPermissionKey(item)
        ? PERMISSION_LABELS[item]
        : typeof item === 'string'
          ? item
          : JSON.stringify(item),
    );
    return { text: items.join('، '), ltr: false };
  }
  if (typeof value === 'string') return { text: value, ltr: field === 'email' };
  if (typeof value === 'number') return { text: String(value), ltr: true };
  return { text: JSON.stringify(value), ltr: true };
}
