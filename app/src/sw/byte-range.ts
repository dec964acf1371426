// HTTP Range requests (RFC 9110 §14) answered from a whole stored file: the audio element seeks
// with `Range: bytes=…`, so a kept chapter is served in the slices it asks for.

export type ByteRange =
  /** No usable range (none asked, malformed, or several): the whole file, 200. */
  | { kind: 'whole' }
  /** Bytes `start` to `end`, both included: 206. */
  | { kind: 'partial'; start: number; end: number }
  /** A range the file cannot satisfy (it starts past the end): 416. */
  | { kind: 'unsatisfiable' };

const singleRange = /^bytes=(\d*)-(\d*)$/;

/** What a `Range` header asks of a file of `size` bytes. Several ranges are answered whole. */
export function parseByteRange(header: string | null, size: number): ByteRange {
  const match = header ? singleRange.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first, last] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last `last` bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // `last` before `first` makes the header invalid, and an invalid header is ignored.
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * The answer to a request with `rangeHeader` from a whole stored response: 200 with the file, 206
 * with the slice asked for (`Content-Range`, its `Content-Length`), or 416 with the file's size.
 */
export async function rangedResponse(whole: Response, rangeHeader: string | null): Promise<Response> {
  const blob = await whole.blob();
  const size = blob.size;
  const type = whole.headers.get('Content-Type') || blob.type || 'application/octet-stream';
  const range = parseByteRange(rangeHeader, size);
  const headers: Record<string, string> = { 'Accept-Ranges': 'bytes', 'Content-Type': type };
  switch (range.kind) {
    case 'whole':
      return new Response(blob, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
    case 'partial':
      return new Response(blob.slice(range.start, range.end + 1, type), {
        status: 206,
        headers: {
          ...headers,
          'Content-Length': String(range.end - range.start + 1),
          'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
        },
      });
    case 'unsatisfiable':
      return new Response(null, {
        status: 416,
        headers: { ...headers, 'Content-Range': `bytes */${size}` },
      });
  }
}
