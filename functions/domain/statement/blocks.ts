/**
 * The statement reader's one input format: the subset of Amazon Textract's `Block` that a page of text needs.
 * Both the local text-layer extractor (functions/adapters/pdf) and the Textract adapter
 * (functions/adapters/textract) produce it, so the reader never knows where the text came from.
 *
 * Geometry is normalised to the page: Left/Top/Width/Height are fractions (0..1) of the page's width and
 * height, Top measured from the top edge, as Textract returns them.
 */
export type StatementBlockType = 'PAGE' | 'LINE' | 'WORD';

export interface BoundingBox {
  Left: number;
  Top: number;
  Width: number;
  Height: number;
}

export interface BlockRelationship {
  Type: 'CHILD';
  Ids: string[];
}

export interface Block {
  BlockType: StatementBlockType;
  Id: string;
  /** LINE and WORD blocks only. */
  Text?: string;
  /** 1-based page number; Textract omits it for single-page synchronous calls (page 1 then). */
  Page?: number;
  /** 0..100, as Textract reports it; the text layer reports 100. */
  Confidence?: number;
  Geometry: { BoundingBox: BoundingBox };
  /** PAGE → LINE ids, LINE → WORD ids. */
  Relationships?: BlockRelationship[];
}

/** The CHILD ids of a block (empty when it has none). */
export function childIds(block: Block): string[] {
  return (block.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids);
}

/**
 * A statement's blocks with some pages read another way: the pages listed taken from `replacement` (a scan's
 * reading of the same document: pages whose text layer could not be read), every other page from `blocks`,
 * in page order. The replacement's ids are prefixed, so that no id of one reading repeats one of the other.
 */
export function withPagesFrom(
  blocks: readonly Block[],
  replacement: readonly Block[],
  pages: readonly number[],
): Block[] {
  const replaced = new Set(pages);
  const pageOf = (b: Block) => b.Page ?? 1;
  const renamed = (b: Block): Block => ({
    ...b,
    Id: `r-${b.Id}`,
    ...(b.Relationships
      ? { Relationships: b.Relationships.map((r) => ({ ...r, Ids: r.Ids.map((id) => `r-${id}`) })) }
      : {}),
  });
  const merged = [
    ...blocks.filter((b) => !replaced.has(pageOf(b))),
    ...replacement.filter((b) => replaced.has(pageOf(b))).map(renamed),
  ];
  // A stable sort: each page's blocks keep their order.
  return merged.sort((a, b) => pageOf(a) - pageOf(b));
}
