import styled from 'styled-components';
import { LtrText } from 'shared-ui';
import { describeValue } from './activity-labels';

const Value = styled.span`
  overflow-wrap: anywhere;
`;

/** One old or new value of a changed field. */
export function ChangeValue({
  entityType,
  field,
  value,
}: {
  entityType: string | null;
  field: string;
  value: unknown;
}) {
  const { text, ltr } = describeValue(entityType, field, value);
  return <Value>{ltr ? <LtrText>{text}</LtrText> : text}</Value>;
}
