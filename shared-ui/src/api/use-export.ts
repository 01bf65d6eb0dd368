import { useState } from 'react';
import { endpointUrl, readApiError, type Endpoint } from 'shared-contracts';
import { useToast } from '../toast/toast-context';
import { useApiClient } from './api-client';
import { downloadFile, exportFileName } from './download';

/**
 * An export button's behaviour: download with the current filters, toast on success or failure.
 * The URL comes from the export endpoint's declaration (never typed by hand).
 */
export function useExport(
  endpoint: Pick<Endpoint, 'path'>,
  filePrefix: string,
  pathParams?: Readonly<Record<string, string | number>>,
  /** The file's extension: `xlsx` for the lists, `zip` for a family's data export. */
  extension = 'xlsx',
) {
  const url = endpointUrl(endpoint, pathParams);
  const client = useApiClient();
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  const exportFile = async (params: Record<string, string>) => {
    setExporting(true);
    const fileName = exportFileName(filePrefix, extension);
    // The page number is not a filter: the export holds every matching row.
    const { page: _page, per_page: _perPage, ...filters } = params;
    try {
      await downloadFile(client, url, filters, fileName);
      toast({ title: 'تم تصدير الملف', description: fileName });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'تعذر التصدير',
        description: readApiError(error).message,
      });
    } finally {
      setExporting(false);
    }
  };

  return { exporting, exportFile };
}
