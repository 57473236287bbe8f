import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { redact, redactText } from './redact';

/**
 * Powertools' standard structured line, with every message and attribute passed through `redact`
 * (functions/shared/redact.ts): no e-mail address, sign-in link, token or statement text is ever written,
 * whichever call site, error or event carries one.
 */
export class RedactingLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const base = {
      level: attributes.logLevel,
      message: redactText(attributes.message),
      timestamp: this.formatTimestamp(attributes.timestamp),
      service: attributes.serviceName,
      cold_start: attributes.lambdaContext?.coldStart,
      function_arn: attributes.lambdaContext?.invokedFunctionArn,
      function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
      function_name: attributes.lambdaContext?.functionName,
      function_request_id: attributes.lambdaContext?.awsRequestId,
      sampling_rate: attributes.sampleRateValue,
      xray_trace_id: attributes.xRayTraceId,
    };
    return new LogItem({ attributes: base }).addAttributes(redact(additional) as LogAttributes);
  }
}

/**
 * One structured logger (Powertools). Lambda's request id is added per invocation by the middleware in
 * http.ts. Never log tokens, secrets, e-mail bodies or statement contents; the formatter withholds them anyway.
 */
export const logger = new Logger({
  serviceName: 'family-finance',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
  logFormatter: new RedactingLogFormatter(),
});
