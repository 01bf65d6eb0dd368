import { Icon } from '../controls/icon';
import { StateIcon, StatePanel, StateText, StateTitle } from './state-panel';

export const UNDER_CONSTRUCTION_TITLE = 'قيد الإنشاء';

export function underConstructionMessage(pageTitle: string): string {
  return `صفحة «${pageTitle}» قيد الإنشاء وستتوفر في إصدار قادم.`;
}

export interface UnderConstructionProps {
  /** The Arabic page title from the route table. */
  pageTitle: string;
  className?: string;
}

/** An honest placeholder for a page whose contents are not built yet: says so, names the page. */
export function UnderConstruction({ pageTitle, className }: UnderConstructionProps) {
  return (
    <StatePanel role="status" className={className}>
      <StateIcon $tone="primary">
        <Icon name="construction" size={28} />
      </StateIcon>
      <StateTitle>{UNDER_CONSTRUCTION_TITLE}</StateTitle>
      <StateText>{underConstructionMessage(pageTitle)}</StateText>
    </StatePanel>
  );
}
