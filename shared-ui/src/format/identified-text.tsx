import { Fragment, type ReactNode } from 'react';
import { FileName, FileNumber, NationalId, PhoneNumber } from './identifier';

/**
 * The identifiers a server-written label can hold (an activity log's «أسرة أحمد (F-1448-00015)»):
 * a file number, a stored phone (`+9665…` or `05…`), a 10-digit national ID, and an uploaded
 * file's name (a document's «صورة: صورة-المنزل.png»: the word before a Latin extension). Longest
 * first, so a phone's digits are not read as an ID; none is taken out of a longer run of digits.
 */
const IDENTIFIERS =
  /(F-\d{4}-\d{5,})|((?<![\d+])(?:\+?9665\d{8}|05\d{8})(?!\d))|((?<!\d)[12]\d{9}(?!\d))|([^\s:،,()«»]+\.[A-Za-z][A-Za-z0-9]{0,7}(?![\p{L}\p{N}]))/gu;

/**
 * Free text written by the server (a record's label) with every identifier in it isolated and
 * kept on one line through the identifier components, so «F-1448-00015» never breaks as
 * «F-1448-» / «00015» nor has its parts reordered by the Arabic around it.
 */
export function IdentifiedText({ text }: { text: string | null | undefined }): ReactNode {
  if (!text) return null;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(IDENTIFIERS)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, fileNumber, phone, , fileName] = match;
    parts.push(
      <Fragment key={index}>
        {fileNumber ? (
          <FileNumber value={whole} />
        ) : phone ? (
          <PhoneNumber value={whole} />
        ) : fileName ? (
          <FileName value={whole} />
        ) : (
          <NationalId value={whole} />
        )}
      </Fragment>,
    );
    last = index + whole.length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
