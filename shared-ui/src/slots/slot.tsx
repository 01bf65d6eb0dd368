import {
  Suspense,
  createElement,
  use,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ComponentType,
} from 'react';
import styled from 'styled-components';
import {
  visibleSlotPanels,
  type SlotDefinition,
  type SlotName,
  type SlotProps,
} from 'shared-contracts';
import { useCurrentEmployee } from '../api/use-current-employee';
import { Icon } from '../controls/icon';
import { Spinner } from '../feedback/spinner';
import { Card } from '../layout/card';
import { SlotLoaderContext, type SlotLoader, type SlotPanelRequest } from './slot-loader';
import { SlotPanelBoundary } from './slot-panel-boundary';

export const SLOT_PANEL_RETRY_LABEL = 'إعادة المحاولة';

/** The one line a failed panel leaves on the page. */
export function slotPanelFailedText(title: string): string {
  return `تعذر تحميل لوحة «${title}».`;
}

export function slotPanelLoadingText(title: string): string {
  return `جارٍ تحميل لوحة «${title}»...`;
}

const PanelTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin-block-end: ${({ theme }) => theme.space.md};
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const LoadingLine = styled(Line)`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorLine = styled(Line)`
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** An action that reads as a link inside a line of text (it retries; it does not navigate). */
const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

export interface SlotComponentProps<S extends SlotName> {
  /** The slot, as the slot table in shared-contracts names it. */
  name: S;
  /** What every panel of this slot receives (typed per slot). */
  props: SlotProps<S>;
}

/**
 * A named place on a page where other remotes contribute panels (docs/architecture.md#federation):
 * each panel of the slot table that the logged-in employee may see is loaded through the host's
 * slot loader and rendered in its own section, error boundary and Suspense. A failed panel is one
 * Arabic line with a retry link; the rest of the page keeps working. Without a loader (a remote's
 * standalone dev page) it renders nothing.
 */
export function Slot<S extends SlotName>(slotProps: SlotComponentProps<S>) {
  const loader = useContext(SlotLoaderContext);
  return loader ? <SlotPanels loader={loader} {...slotProps} /> : null;
}

function SlotPanels<S extends SlotName>({
  loader,
  name,
  props,
}: SlotComponentProps<S> & { loader: SlotLoader }) {
  const { data: employee } = useCurrentEmployee();
  // GET /user's `is_active` is what the session check reads; the guard's rule for the rest.
  const panels = visibleSlotPanels(
    name,
    employee ? { ...employee, active: employee.is_active } : null,
  );
  if (panels.length === 0) return null;
  return (
    <>
      {panels.map((entry) => (
        <SlotPanel
          key={`${entry.remote}/${entry.panelId}`}
          loader={loader}
          entry={entry}
          props={props}
        />
      ))}
    </>
  );
}

type PanelComponent = ComponentType<object>;

/** Starts (or reuses) a panel's load; a rejection is handled where `use` reads it. */
function startLoad(loader: SlotLoader, request: SlotPanelRequest): Promise<PanelComponent> {
  let promise: Promise<PanelComponent>;
  try {
    promise = loader.load(request);
  } catch (error) {
    promise = Promise.reject(error);
  }
  promise.catch(() => undefined);
  return promise;
}

function SlotPanel({
  loader,
  entry,
  props,
}: {
  loader: SlotLoader;
  entry: SlotDefinition;
  props: object;
}) {
  const { slot, remote, panelId, title, anchor } = entry;
  const request = useMemo(() => ({ slot, remote, panelId }), [slot, remote, panelId]);
  // Held here, above the Suspense boundary, so a suspended render never starts a second load.
  const [attempt, setAttempt] = useState(() => ({
    generation: 0,
    panel: startLoad(loader, request),
  }));
  const headingId = useId();

  const retry = useCallback(() => {
    loader.forget(request);
    const panel = startLoad(loader, request);
    setAttempt((previous) => ({ generation: previous.generation + 1, panel }));
  }, [loader, request]);

  return (
    <SlotPanelBoundary
      key={attempt.generation}
      label={`«${title}» (${remote})`}
      fallback={
        <ErrorLine role="alert" data-slot-panel={panelId}>
          <Icon name="alert" size={16} />
          <span>{slotPanelFailedText(title)}</span>
          <LinkButton type="button" onClick={retry}>
            {SLOT_PANEL_RETRY_LABEL}
          </LinkButton>
        </ErrorLine>
      }
    >
      <Card
        as="section"
        aria-labelledby={headingId}
        data-slot-panel={panelId}
        id={anchor}
        tabIndex={anchor ? -1 : undefined}
      >
        <PanelTitle id={headingId}>{title}</PanelTitle>
        <Suspense
          fallback={
            <LoadingLine role="status" aria-live="polite">
              <Spinner size={16} />
              <span>{slotPanelLoadingText(title)}</span>
            </LoadingLine>
          }
        >
          <PanelContent panel={attempt.panel} props={props} anchor={anchor} />
        </Suspense>
      </Card>
    </SlotPanelBoundary>
  );
}

/** Suspends until the panel's component is there (a failure goes to the boundary), then renders it. */
function PanelContent({
  panel,
  props,
  anchor,
}: {
  panel: Promise<PanelComponent>;
  props: object;
  anchor: string | undefined;
}) {
  const component = use(panel);
  useEffect(() => revealAnchor(anchor), [anchor]);
  // The component comes from the remote, once per load (the promise is held above), so it is
  // not "created during render" as react-hooks/static-components fears of a JSX tag here.
  return createElement(component, props);
}

/**
 * A link to `<page>#<anchor>` (a «مهامي» task to a family's documents): the browser looked for
 * the id before the panel existed, so once it has loaded it is scrolled to and focused here.
 */
function revealAnchor(anchor: string | undefined): void {
  if (!anchor || window.location.hash !== `#${anchor}`) return;
  const section = document.getElementById(anchor);
  if (!section) return;
  section.scrollIntoView?.({ block: 'start' });
  section.focus({ preventScroll: true });
}
