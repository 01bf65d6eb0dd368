import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES_BY_PAGE_ID, decideAccess, pathTo, type PageId } from 'shared-contracts';
import { ButtonLink, type ButtonLinkProps } from '../controls/button-link';
import { useCachedEmployee, type CurrentEmployee } from './use-current-employee';
import { useFollowAppLink } from './app-links';

/** Each employee's answers, per page: a list asks the same question for every row. */
const visitable = new WeakMap<CurrentEmployee, Map<PageId, boolean>>();

function canVisit(employee: CurrentEmployee, pageId: PageId): boolean {
  let answers = visitable.get(employee);
  if (!answers) {
    answers = new Map();
    visitable.set(employee, answers);
  }
  let allowed = answers.get(pageId);
  if (allowed === undefined) {
    const route = ROUTES_BY_PAGE_ID.get(pageId);
    allowed =
      route !== undefined &&
      decideAccess({ ...employee, active: employee.is_active }, route) === 'allowed';
    answers.set(pageId, allowed);
  }
  return allowed;
}

/**
 * Whether the employee may open a page of the route table (the guard's own rule): links and
 * buttons to another page are shown only then, so a page never repeats a route's permission keys.
 */
export function useCanVisit(pageId: PageId): boolean {
  const employee = useCachedEmployee();
  return employee ? canVisit(employee, pageId) : false;
}

type PageTarget = { pageId: PageId; params?: Record<string, string | number> };

export type PageButtonLinkProps = Omit<ButtonLinkProps, 'to'> & PageTarget;

/** A button-looking link to a page of the route table, rendered only when the employee may open it. */
export const PageButtonLink = forwardRef<HTMLAnchorElement, PageButtonLinkProps>(
  function PageButtonLink({ pageId, params, ...rest }, ref) {
    const allowed = useCanVisit(pageId);
    if (!allowed) return null;
    return <ButtonLink ref={ref} to={pathTo(pageId, params)} {...rest} />;
  },
);

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  PageTarget & {
    /** Shown instead of the link when the employee may not open the page (default: the children as text). */
    fallback?: React.ReactNode;
  };

/**
 * A text link to a page of the route table; plain text when the employee may not open it.
 * Inside an AppLinkProvider (the host's shell) it is a plain anchor routed by the provider: lists
 * draw two of these a row.
 */
export function PageLink({ pageId, params, fallback, children, onClick, ...rest }: PageLinkProps) {
  const allowed = useCanVisit(pageId);
  const follow = useFollowAppLink();
  if (!allowed) return <>{fallback === undefined ? children : fallback}</>;
  const path = pathTo(pageId, params);
  if (!follow)
    return (
      <Link to={path} onClick={onClick} {...rest}>
        {children}
      </Link>
    );
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    follow(event, path);
  };
  return (
    <a href={path} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
