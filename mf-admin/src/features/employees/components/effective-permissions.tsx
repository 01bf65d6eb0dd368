import styled from 'styled-components';
import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from 'shared-contracts';
import type { PermissionGroup } from 'shared-contracts/admin';
import { Badge, Muted, SectionTitle } from 'shared-ui';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space.xs};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

export interface KeySource {
  key: PermissionKey;
  individual: boolean;
  groups: string[];
}

/** Each effective key (own ∪ groups', contract order) with where it comes from. */
export function keySources(
  individual: readonly string[],
  groups: readonly Pick<PermissionGroup, 'name' | 'permissions'>[],
): KeySource[] {
  return PERMISSION_KEYS.flatMap((key) => {
    const fromGroups = groups
      .filter((group) => group.permissions.includes(key))
      .map((group) => group.name);
    const own = individual.includes(key);
    return own || fromGroups.length > 0 ? [{ key, individual: own, groups: fromGroups }] : [];
  });
}

/**
 * What the employee can do: the union of their own keys and their groups', each with its
 * source ("فردية" or the group's name), as the API computes it for every request.
 */
export function EffectivePermissions({
  sources,
  headingId,
}: {
  sources: readonly KeySource[];
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>الصلاحيات الفعلية ومصدرها</SectionTitle>
      {sources.length === 0 ? (
        <Muted>لا يملك الموظف أي صلاحية.</Muted>
      ) : (
        <List>
          {sources.map((source) => (
            <Item key={source.key}>
              <span>{PERMISSION_LABELS[source.key]}</span>
              {source.individual ? <Badge tone="info">فردية</Badge> : null}
              {source.groups.map((name) => (
                <Badge key={name} tone="neutral">{`مجموعة: ${name}`}</Badge>
              ))}
            </Item>
          ))}
        </List>
      )}
    </section>
  );
}
