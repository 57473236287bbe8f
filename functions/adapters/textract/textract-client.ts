import {
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { config } from '../../shared/config';
import { type CollectResult, collectTextractBlocks } from './blocks';

/**
 * The thin Textract wrapper: asynchronous text detection of a PDF in S3 (multi-page PDFs need the
 * asynchronous API). The pipeline starts a job, then polls (Wait → PollTextract → Choice); the result's
 * pages are gathered by collectTextractBlocks. One module-scoped client.
 */
let client: TextractClient | undefined;

function textract(): TextractClient {
  client ??= new TextractClient({ region: config().AWS_REGION });
  return client;
}

/** Starts text detection of s3://bucket/key; the same token starts one job (a retried step does no harm). */
export async function startTextDetection(location: {
  bucket: string;
  key: string;
  clientRequestToken?: string;
}): Promise<string> {
  const out = await textract().send(
    new StartDocumentTextDetectionCommand({
      DocumentLocation: { S3Object: { Bucket: location.bucket, Name: location.key } },
      ...(location.clientRequestToken ? { ClientRequestToken: location.clientRequestToken } : {}),
    }),
  );
  if (!out.JobId) throw new Error('Textract returned no job id');
  return out.JobId;
}

/** The job's blocks, every result page; `in_progress` while Textract is still reading. */
export function getTextDetection(jobId: string): Promise<CollectResult> {
  return collectTextractBlocks((nextToken) =>
    textract().send(
      new GetDocumentTextDetectionCommand({
        JobId: jobId,
        MaxResults: 1000,
        ...(nextToken ? { NextToken: nextToken } : {}),
      }),
    ),
  );
}
