import { describe, expect, it } from 'vitest';
import { addFiles, fileMessages, isAcceptedType, validateFileSet } from './file-rules';

const file = (name: string, type: string, size = 100) => {
  const f = new File(['x'], name, { type, lastModified: 1 });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('file rules', () => {
  it('accepts PDF, JPEG, PNG, WebP and HEIC (also a HEIC the browser could not type)', () => {
    expect(isAcceptedType(file('a.pdf', 'application/pdf'))).toBe(true);
    expect(isAcceptedType(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isAcceptedType(file('a.png', 'image/png'))).toBe(true);
    expect(isAcceptedType(file('a.webp', 'image/webp'))).toBe(true);
    expect(isAcceptedType(file('a.heic', 'image/heic'))).toBe(true);
    expect(isAcceptedType(file('IMG_1.HEIC', ''))).toBe(true);
    expect(isAcceptedType(file('a.gif', 'image/gif'))).toBe(false);
    expect(isAcceptedType(file('a.exe', 'application/x-msdownload'))).toBe(false);
    expect(isAcceptedType(file('notes.txt', ''))).toBe(false);
  });

  it('refuses each bad file with its own message and keeps the good ones', () => {
    const result = addFiles(
      [],
      [
        file('ok.pdf', 'application/pdf'),
        file('virus.exe', 'application/x-msdownload'),
        file('huge.pdf', 'application/pdf', 11 * 1024 * 1024),
        file('empty.png', 'image/png', 0),
      ],
    );
    expect(result.files.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(result.errors).toEqual([
      fileMessages.type('virus.exe'),
      fileMessages.size('huge.pdf'),
      fileMessages.empty('empty.png'),
    ]);
    expect(result.errors[0]).toBe('virus.exe is not a PDF, JPEG, PNG, WebP or HEIC file');
    expect(result.errors[1]).toBe('huge.pdf is larger than 10 MB');
  });

  it('keeps at most 5 files, counting those already chosen, and skips the same file twice', () => {
    const current = [1, 2, 3].map((i) => file(`r${i}.pdf`, 'application/pdf'));
    const result = addFiles(current, [
      file('r1.pdf', 'application/pdf'),
      ...[4, 5, 6, 7].map((i) => file(`r${i}.pdf`, 'application/pdf')),
    ]);
    expect(result.files.map((f) => f.name)).toEqual(['r1.pdf', 'r2.pdf', 'r3.pdf', 'r4.pdf', 'r5.pdf']);
    expect(result.errors).toEqual([fileMessages.duplicate('r1.pdf'), 'Attach at most 5 files']);
  });

  it('checks a whole set: required, count, type, size', () => {
    expect(validateFileSet([])).toBe('Attach the invoice or receipt (PDF or photo)');
    expect(validateFileSet([], { required: false })).toBeNull();
    expect(validateFileSet([1, 2, 3, 4, 5, 6].map((i) => file(`${i}.pdf`, 'application/pdf')))).toBe(
      'Attach at most 5 files',
    );
    expect(validateFileSet([file('a.gif', 'image/gif')])).toBe(fileMessages.type('a.gif'));
    expect(validateFileSet([file('ok.png', 'image/png')])).toBeNull();
  });
});
