/** The Bedrock adapter: batch request and reply reading (pure), and the SDK wrapper. */
export { bedrockClassifier } from './bedrock-client';
export {
  BEDROCK_BATCH_SIZE,
  buildBatchPrompt,
  buildConverseRequest,
  CLASSIFY_TOOL_NAME,
  CLASSIFY_TOOL_SCHEMA,
  ruleTableText,
} from './request';
export { type BatchReading, readConverseResponse } from './response';
