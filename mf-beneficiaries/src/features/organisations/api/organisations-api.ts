import { keepPreviousData } from '@tanstack/react-query';
import { organisationEndpoints, type OrganisationInput } from 'shared-contracts/beneficiaries';
import { useEndpointCall, useEndpointQuery } from 'shared-ui';

/*
 * The organisations API of this remote, every call from its one declaration
 * (`organisationEndpoints`): the query keys start with the endpoint table's resource (`orgs`, the
 * API path's name, which every build sharing the query cache uses: docs/names.md), so a save that
 * invalidates the table refreshes every cached organisation answer. The show and edit pages read
 * their record through `RecordFromRoute` with `organisationEndpoints.show`.
 */

/** How the show and edit pages of an organisation load it: `<RecordFromRoute {...ORGANISATION_RECORD}>`. */
export const ORGANISATION_RECORD = {
  endpoint: organisationEndpoints.show,
  loadingLabel: 'جارٍ تحميل الجهة...',
  notFoundTitle: 'الجهة غير موجودة',
};

/** One page of the organisations list (the URL's list state); the last page stays while the next loads. */
export function useOrganisationList(query: Readonly<Record<string, string>>) {
  return useEndpointQuery(
    organisationEndpoints.list,
    { query },
    { placeholderData: keepPreviousData },
  );
}

/** Creates (`id` null) or updates an organisation; resolves to the saved organisation. */
export function useSaveOrganisation(id: number | null) {
  const call = useEndpointCall();
  return async (body: OrganisationInput) => {
    const saved =
      id === null
        ? await call(organisationEndpoints.create, { body })
        : await call(organisationEndpoints.update, { params: { id }, body });
    return saved.data;
  };
}
