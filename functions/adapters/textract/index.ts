/** The Textract adapter: response → reader blocks (pure), and the SDK wrapper. */
export {
  type CollectResult,
  collectTextractBlocks,
  TEXTRACT_MESSAGES,
  type TextractPage,
  toStatementBlocks,
} from './blocks';
export { getTextDetection, startTextDetection } from './textract-client';
