import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addStepData,
  clearWizardDraft,
  createFamilyWizardDraft,
  familyNameFromHeadName,
  isRecord,
  readWizardDraft,
  setCurrentStepData,
  setFamilyName,
  writeWizardDraft,
  type FamilyWizardDraft,
} from 'shared-contracts/beneficiaries';
import { useDebouncedCallback } from 'shared-ui';

/** Typing is written to local storage after this pause: at most 300 ms, so a closed tab loses almost nothing. */
export const DRAFT_WRITE_DELAY_MS = 300;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function hasContent(draft: FamilyWizardDraft): boolean {
  return draft.step > 1 || draft.familyName !== '' || draft.stepsData.some((data) => data !== null);
}

/** The current step's values stored at index step − 1; on the head step the family name follows the head's name. */
function withStepValues(draft: FamilyWizardDraft, values: unknown): FamilyWizardDraft {
  let next = addStepData(draft, values);
  if (draft.step === 1 && isRecord(values) && isRecord(values.head)) {
    const name = values.head.full_name;
    next = setFamilyName(next, typeof name === 'string' ? familyNameFromHeadName(name) : '');
  }
  return next;
}

/**
 * The family wizard's draft in local storage under `families/create`
 * (docs/shell.md#session-and-guard), through the contracts' codec: every change is written
 * (debounced), every step change at once, and a pending write is flushed when the page unmounts or
 * the tab is closed, so a reload or crash restores the same step with the same values.
 */
export function useWizardDraft(storage: Storage = window.localStorage) {
  const [initial] = useState(() => {
    const stored = readWizardDraft(storage);
    return {
      draft: stored ?? createFamilyWizardDraft(),
      restored: stored !== null && hasContent(stored),
    };
  });
  const draftRef = useRef(initial.draft);
  const [draft, setDraft] = useState(initial.draft);
  const [restored, setRestored] = useState(initial.restored);
  const [hasData, setHasData] = useState(initial.restored);

  const persist = useCallback(
    (next: FamilyWizardDraft) => {
      draftRef.current = next;
      writeWizardDraft(storage, next);
    },
    [storage],
  );

  const pending = useDebouncedCallback(
    (values: unknown) => persist(withStepValues(draftRef.current, values)),
    DRAFT_WRITE_DELAY_MS,
    { flushOnUnmount: true },
  );

  // Closing or reloading the tab inside the debounce window still saves the last keystrokes.
  useEffect(() => {
    const flush = () => pending.flush();
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
    };
  }, [pending]);

  /** The current step's form changed. */
  const recordValues = useCallback(
    (values: unknown) => {
      setHasData(true);
      pending.run(values);
    },
    [pending],
  );

  /** The draft with the current step's latest values (not written). */
  const snapshot = useCallback(
    (values?: unknown) =>
      values === undefined ? draftRef.current : withStepValues(draftRef.current, values),
    [],
  );

  /** Saves the current step's values (when given) and moves to `step`, written at once. */
  const goTo = useCallback(
    (step: number, values?: unknown) => {
      pending.cancel();
      const next = setCurrentStepData(snapshot(values), step);
      persist(next);
      setDraft(next);
      setHasData(true);
    },
    [pending, persist, snapshot],
  );

  /** Drops the stored draft (restart, or after the family was saved on the server). */
  const discard = useCallback(() => {
    pending.cancel();
    clearWizardDraft(storage);
    const fresh = createFamilyWizardDraft();
    draftRef.current = fresh;
    setDraft(fresh);
    setRestored(false);
    setHasData(false);
  }, [pending, storage]);

  return { draft, restored, hasData, recordValues, snapshot, goTo, discard, flush: pending.flush };
}
