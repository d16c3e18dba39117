import { describe, expect, it } from 'vitest';
import { sniffCv } from './feedback';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));

describe('a CV by its bytes', () => {
  it('knows PDF, the old Word format and DOCX', () => {
    expect(sniffCv(bytes('%PDF-1.7\n…'))).toBe('pdf');
    expect(sniffCv(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(sniffCv(bytes([0x50, 0x4b, 0x03, 0x04], '....[Content_Types].xml....word/document.xml'))).toBe(
      'docx',
    );
  });

  it('refuses anything else, whatever it is called', () => {
    // A ZIP that is not a Word document, an image, a script, text that mentions PDF later, nothing.
    expect(sniffCv(bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml'))).toBeNull();
    expect(sniffCv(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffCv(bytes('<script>alert(1)</script>'))).toBeNull();
    expect(sniffCv(bytes(' %PDF-1.4'))).toBeNull();
    expect(sniffCv(new Uint8Array())).toBeNull();
  });
});
