import { describe, expect, it } from 'vitest';
import { overlapIds, type StoredOverlapRow } from '../../../functions/domain/exports';

const pdf = (id: string, date: string, pence: number, description: string): StoredOverlapRow => ({
  id,
  date,
  pence,
  description,
  fromExport: false,
});

describe('an export and a PDF of the same account and days: each transaction counted once', () => {
  const stored = [
    pdf('p1', '2024-01-03', -2340, 'TESCO STORES 2041'),
    pdf('p2', '2024-01-25', 250000, 'ACME LTD SALARY'),
    pdf('p3', '2024-01-25', -2340, 'TESCO STORES 2041'),
    pdf('p4', '2024-01-25', -2340, 'TESCO STORES 2041'),
  ];

  it('rows on days the PDF covers take the stored rows; a day it did not cover is added', () => {
    const ids = overlapIds(
      [
        {
          id: 'e1',
          date: '2024-01-03',
          pence: -2340,
          description: 'CARD PAYMENT TO TESCO STORES 2041 ON 02 JAN',
        },
        { id: 'e2', date: '2024-01-25', pence: 250000, description: 'BGC ACME LTD SALARY' },
        { id: 'e3', date: '2024-01-25', pence: -2340, description: 'TESCO STORES 2041 CONTACTLESS' },
        { id: 'e4', date: '2024-01-25', pence: -2340, description: 'TESCO STORES 2041 CONTACTLESS' },
        { id: 'e5', date: '2024-02-01', pence: -2340, description: 'TESCO STORES 2041 CONTACTLESS' },
      ],
      stored,
      { incomingIsExport: true },
    );
    expect(ids.map((k) => k.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'e5']);
  });

  it('two identical purchases in the export and one in the PDF: one pairs, the other is added', () => {
    const ids = overlapIds(
      [
        { id: 'e1', date: '2024-01-03', pence: -2340, description: 'TESCO' },
        { id: 'e2', date: '2024-01-03', pence: -2340, description: 'TESCO' },
      ],
      stored,
      { incomingIsExport: true },
    );
    expect(ids.map((k) => k.id)).toEqual(['p1', 'e2']);
  });

  it("a card's posting date a few days off pairs when the descriptions share a word; the stored date is kept", () => {
    const ids = overlapIds(
      [
        { id: 'e1', date: '2024-01-01', pence: -2340, description: 'TESCO STORES' },
        { id: 'e2', date: '2024-01-01', pence: 250000, description: 'SOMEONE ELSE' },
      ],
      stored,
      { incomingIsExport: true },
    );
    expect(ids).toEqual([
      { id: 'p1', date: '2024-01-03' },
      { id: 'e2', date: '2024-01-01' },
    ]);
  });

  it('a PDF pairs only with rows an export wrote; rows already stored under their fingerprint stay theirs', () => {
    const fromExport = { ...pdf('x1', '2024-01-03', -2340, 'TESCO'), fromExport: true };
    expect(
      overlapIds([{ id: 'n1', date: '2024-01-03', pence: -2340, description: 'TESCO' }], stored, {
        incomingIsExport: false,
      }).map((k) => k.id),
    ).toEqual(['n1']);
    expect(
      overlapIds(
        [{ id: 'n1', date: '2024-01-03', pence: -2340, description: 'TESCO' }],
        [...stored, fromExport],
        {
          incomingIsExport: false,
        },
      ).map((k) => k.id),
    ).toEqual(['x1']);
    expect(
      overlapIds([{ id: 'p1', date: '2024-01-03', pence: -2340, description: 'TESCO STORES 2041' }], stored, {
        incomingIsExport: true,
      }).map((k) => k.id),
    ).toEqual(['p1']);
  });
});
