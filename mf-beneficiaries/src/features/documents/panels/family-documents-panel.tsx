import type { SlotProps } from 'shared-contracts';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import { DocumentsPanel, useEndpointQuery } from 'shared-ui';

/**
 * The family page's documents (slot `families.show`, for `show_families`): shared-ui's panel for
 * this family, its members offered to name the one a document is about.
 */
export default function FamilyDocumentsPanel({ familyId }: SlotProps<'families.show'>) {
  const family = useEndpointQuery(
    familyEndpoints.show,
    { params: { id: familyId } },
    { select: (answer) => answer.data },
  );
  const members = (family.data?.members ?? []).map((member) => ({
    id: member.id,
    name: member.full_name,
  }));
  return (
    <DocumentsPanel
      parent={{ kind: 'family', id: familyId }}
      members={members}
      caption="مستندات الأسرة"
    />
  );
}
