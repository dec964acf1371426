// Range requests answered from a whole stored file: parsing (start-end, open end, suffix, past the
// end, malformed) and the 200 / 206 / 416 answers with their headers and bytes.
import { audioBytes } from '@/testing/download-fixtures';
import { parseByteRange, rangedResponse } from './byte-range';

const stored = (size: number) => new Response(audioBytes(size), { headers: { 'Content-Type': 'audio/mpeg' } });
const bytesOf = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-50', { kind: 'partial', start: 950, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=2000-2100', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'whole' }],
    ['bytes=0-1,5-9', { kind: 'whole' }],
    ['items=0-9', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ] as const)('%s of 1000 bytes', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  it('answers a missing header with the whole file', () => {
    expect(parseByteRange(null, 1000)).toEqual({ kind: 'whole' });
  });
});

describe('rangedResponse', () => {
  it('answers bytes=0-99 with 206 and the first hundred bytes', async () => {
    const response = await rangedResponse(stored(1000), 'bytes=0-99');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 0-99/1000');
    expect(response.headers.get('Content-Length')).toBe('100');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(response.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(await bytesOf(response)).toEqual([...audioBytes(100)]);
  });

  it('answers bytes=100- with the rest of the file', async () => {
    const response = await rangedResponse(stored(1000), 'bytes=100-');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 100-999/1000');
    expect(response.headers.get('Content-Length')).toBe('900');
    const bytes = await bytesOf(response);
    expect(bytes).toHaveLength(900);
    expect(bytes[0]).toBe(100);
  });

  it('answers a suffix range bytes=-50 with the last fifty bytes', async () => {
    const response = await rangedResponse(stored(1000), 'bytes=-50');
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe('bytes 950-999/1000');
    expect(response.headers.get('Content-Length')).toBe('50');
    expect(await bytesOf(response)).toEqual([...audioBytes(1000).slice(950)]);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await rangedResponse(stored(1000), 'bytes=1000-');
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe('bytes */1000');
  });

  it('answers without a range with 200 and the whole file', async () => {
    const response = await rangedResponse(stored(1000), null);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Length')).toBe('1000');
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(await bytesOf(response)).toHaveLength(1000);
  });
});
