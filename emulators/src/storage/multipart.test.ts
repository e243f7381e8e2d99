import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import { boundaryOf, parseMultipartRelated, parseMultipartUpload } from './multipart.js';

const body = (text: string) => Buffer.from(text, 'latin1');

describe('multipart/related upload bodies', () => {
  it('splits the metadata part and the data part as the Firebase SDK frames them', () => {
    const data = '\r\n--not-the-boundary\r\nbinary\x00\xff';
    const parts = parseMultipartRelated(
      'multipart/related; boundary=12345',
      body(
        '--12345\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"a.txt"}\r\n' +
          `--12345\r\nContent-Type: image/png\r\n\r\n${data}\r\n--12345--`,
      ),
    );
    expect(parts).toHaveLength(2);
    expect(parts[0].headers['content-type']).toBe('application/json; charset=utf-8');
    expect(parts[0].body.toString()).toBe('{"name":"a.txt"}');
    expect(parts[1].headers['content-type']).toBe('image/png');
    expect(parts[1].body.equals(body(data))).toBe(true);
  });

  it('accepts a quoted boundary, a preamble, bare LF line ends and an empty part', () => {
    const parts = parseMultipartRelated(
      'Multipart/Related; type="application/json"; boundary="b o"',
      body('preamble\n--b o\ncontent-type: application/json\n\n{}\n--b o\n\n\n--b o--\n'),
    );
    expect(parts.map((part) => part.body.toString())).toEqual(['{}', '']);
    expect(parts[1].headers).toEqual({});
  });

  it('rejects bodies that are not well-formed multipart/related with a 400', () => {
    const cases: [string | undefined, string][] = [
      [undefined, '--b\r\n\r\nx\r\n--b--'],
      ['multipart/form-data; boundary=b', '--b\r\n\r\nx\r\n--b--'],
      ['multipart/related', '--b\r\n\r\nx\r\n--b--'],
      ['multipart/related; boundary=b', 'no boundary here'],
      ['multipart/related; boundary=b', '--b\r\nContent-Type: text/plain\r\n\r\nunterminated'],
      ['multipart/related; boundary=b', '--b\r\nbroken header line\r\n\r\nx\r\n--b--'],
    ];
    for (const [contentType, text] of cases) {
      expect(() => parseMultipartRelated(contentType, body(text)), text).toThrow(StorageError);
      try {
        parseMultipartRelated(contentType, body(text));
      } catch (error) {
        expect((error as StorageError).status).toBe(400);
      }
    }
    expect(boundaryOf('multipart/related; boundary=abc')).toBe('abc');
  });

  it('reads an upload as metadata plus bytes, the data part giving the type when the metadata does not', () => {
    const upload = parseMultipartUpload(
      'multipart/related; boundary=u',
      body(
        '--u\r\n\r\n{"name":"a.webp","metadata":{"k":"v"}}\r\n--u\r\nContent-Type: image/webp\r\n\r\nRIFF\r\n--u--',
      ),
    );
    expect(upload.metadata).toEqual({ name: 'a.webp', metadata: { k: 'v' }, contentType: 'image/webp' });
    expect(upload.bytes.toString()).toBe('RIFF');
    const fail = (text: string) => () => parseMultipartUpload('multipart/related; boundary=u', body(text));
    expect(fail('--u\r\n\r\n{oops\r\n--u\r\n\r\nx\r\n--u--')).toThrow(/metadata part .* not valid JSON/);
    expect(fail('--u\r\n\r\n{}\r\n--u--')).toThrow(/needs 2 parts .* got 1/);
  });
});
