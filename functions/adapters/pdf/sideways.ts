import { type PDFPageProxy, type TextItem, Util } from './pdfjs';

/**
 * A statement set sideways on a landscape sheet (no /Rotate; its text runs up or down the page) is read, and
 * drawn for Check Statement, turned so that its text is horizontal: the text layer's words (text-layer.ts)
 * and the page image (../ocr/render.ts) then share one frame, and the rows read outline where they stand.
 *
 * The rotation (degrees, for pdf.js's getViewport) that makes most of a page's text horizontal, when less
 * than half of its characters are horizontal as the page is shown and a quarter, half or three-quarter turn
 * makes more of them so; null otherwise (the page is read as shown).
 */
export function sidewaysTurn(page: PDFPageProxy, items: ReadonlyArray<TextItem | object>): number | null {
  const texts = items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '');
  const horizontalChars = (rotation: number) => {
    const { transform } = page.getViewport({ scale: 1, rotation });
    let count = 0;
    for (const item of texts) {
      const [a = 1, b = 0] = Util.transform(transform, item.transform);
      if (Math.abs(b) <= 0.1 * Math.abs(a) && a > 0) count += item.str.trim().length;
    }
    return count;
  };
  const total = texts.reduce((n, item) => n + item.str.trim().length, 0);
  const shown = horizontalChars(page.rotate);
  if (shown * 2 >= total) return null;
  let best: { rotation: number; count: number } | null = null;
  for (const turn of [90, 180, 270]) {
    const rotation = (page.rotate + turn) % 360;
    const count = horizontalChars(rotation);
    if (count > shown && (!best || count > best.count)) best = { rotation, count };
  }
  return best?.rotation ?? null;
}
