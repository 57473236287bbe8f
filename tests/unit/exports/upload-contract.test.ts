import { describe, expect, it } from 'vitest';
import { parseUploadObjectKey, safeFileName, uploadObjectKey } from '../../../functions/contracts/pipeline';
import { createUploadRequestSchema, statementContentType } from '../../../functions/contracts/uploads';

describe('statement files of every kind through the upload contract and object keys', () => {
  const accountId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

  it.each([
    ['March 2024.csv', 'March-2024.csv', 'text/csv'],
    ['statement.OFX', 'statement.ofx', 'application/x-ofx'],
    ['Quicken.qfx', 'Quicken.qfx', 'application/vnd.intu.qfx'],
    ['money.qif', 'money.qif', 'application/qif'],
    ['Statement.PDF', 'Statement.pdf', 'application/pdf'],
  ])('%s: kept as %s, PUT as %s', (name, safe, type) => {
    expect(createUploadRequestSchema.safeParse({ accountId, fileName: name, size: 10 }).success).toBe(true);
    expect(safeFileName(name)).toBe(safe);
    expect(statementContentType(name)).toBe(type);
    const key = uploadObjectKey('family-1', '01ARZ3NDEKTSV4RRFFQ69G5FAW', name);
    expect(parseUploadObjectKey(key)).toEqual({
      familyId: 'family-1',
      uploadId: '01ARZ3NDEKTSV4RRFFQ69G5FAW',
      fileName: safe,
    });
  });

  it('refuses other files, and an empty one in its own words', () => {
    const refused = (fileName: string, size: number) =>
      createUploadRequestSchema.safeParse({ accountId, fileName, size }).error?.issues[0]?.message;
    expect(refused('notes.docx', 10)).toBe('Only PDF, CSV, OFX, QFX and QIF files can be uploaded.');
    expect(refused('a.csv', 0)).toBe('This file is empty.');
    expect(refused('a.pdf', 0)).toBe('This PDF is empty.');
    expect(refused('a.qif', 21 * 1024 * 1024)).toBe('This file is larger than 20 MB.');
    expect(parseUploadObjectKey('family-1/01ARZ3NDEKTSV4RRFFQ69G5FAW_notes.docx')).toBeNull();
  });
});
