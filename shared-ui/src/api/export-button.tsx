import type { Endpoint } from 'shared-contracts';
import { Button } from '../controls/button';
import { useCanCall } from './use-endpoint';
import { useExport } from './use-export';

/**
 * 'تصدير إلى إكسل': downloads the list with its current filters (every page). Shown only to an
 * employee the export endpoint's access rule lets call it (a bulk export of national IDs and
 * phones needs the resource's edit permission too: README "Exports"). Every list's export is this
 * button on its endpoint.
 */
export function ExportButton({
  endpoint,
  pathParams,
  filePrefix,
  params,
  label = 'تصدير إلى إكسل',
  extension,
}: {
  /** The export endpoint's declaration (`familyEndpoints.export`): its URL and who may call it. */
  endpoint: Pick<Endpoint, 'path' | 'access'>;
  /** Its path parameters (`{ id: season.id }`). */
  pathParams?: Readonly<Record<string, string | number>>;
  filePrefix: string;
  params: Record<string, string>;
  label?: string;
  /** The downloaded file's extension when it is not `xlsx` (a family's data export: `zip`). */
  extension?: string;
}) {
  const exporter = useExport(endpoint, filePrefix, pathParams, extension);
  const allowed = useCanCall(endpoint);
  if (!allowed) return null;
  return (
    <Button
      variant="secondary"
      icon="download"
      loading={exporter.exporting}
      onClick={() => void exporter.exportFile(params)}
    >
      {label}
    </Button>
  );
}
