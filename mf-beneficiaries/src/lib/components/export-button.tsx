import { Button, useExport } from 'shared-ui';

/** 'تصدير Excel': downloads the list with its current filters (every page). */
export function ExportButton({
  url,
  filePrefix,
  params,
  label = 'تصدير Excel',
}: {
  /** The export endpoint's URL (`endpointUrl(familyEndpoints.export)`). */
  url: string;
  filePrefix: string;
  params: Record<string, string>;
  label?: string;
}) {
  const exporter = useExport(url, filePrefix);
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
