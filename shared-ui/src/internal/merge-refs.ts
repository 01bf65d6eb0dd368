import type { Ref, RefCallback } from 'react';

/** One ref callback feeding several refs: a field needs its own ref and the caller's (RHF). */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) ref.current = value;
    }
  };
}
