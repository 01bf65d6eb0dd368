import { createContext, useContext, useEffect } from 'react';

/**
 * Given to each section's page the shell keeps mounted for the employee's return (app/kept-pages):
 * `false` asks for the page to be dropped when left, `true` withdraws the request.
 */
export const KeptPageContext = createContext<((keep: boolean) => void) | null>(null);

/**
 * While `active`, the page is not kept when the employee leaves it, and is built anew on return:
 * for a state a return should not show again, such as a remote that failed to load (built anew,
 * it tries again, as it did before pages were kept). Outside a kept page it does nothing.
 */
export function useDropWhenLeft(active = true): void {
  const mark = useContext(KeptPageContext);
  useEffect(() => {
    if (!active || !mark) return undefined;
    mark(false);
    return () => mark(true);
  }, [active, mark]);
}
