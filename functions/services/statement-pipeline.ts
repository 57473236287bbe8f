import type { PipelineInput, PipelineState } from '../contracts/pipeline';

// The pipeline's use cases; each task handler is a thin wrapper around one of these.
const pending = (step: string) => {
  throw new Error(`${step} is being built`);
};
export async function registerStep(_input: PipelineInput): Promise<PipelineState> {
  return pending('register');
}
export async function extractStep(_s: PipelineState): Promise<PipelineState> {
  return pending('extract');
}
export async function pollTextractStep(_s: PipelineState): Promise<PipelineState> {
  return pending('pollTextract');
}
export async function parseStep(_s: PipelineState): Promise<PipelineState> {
  return pending('parse');
}
export async function persistStep(_s: PipelineState): Promise<PipelineState> {
  return pending('persist');
}
export async function classifyStep(_s: PipelineState): Promise<PipelineState> {
  return pending('classify');
}
export async function matchStep(_s: PipelineState): Promise<PipelineState> {
  return pending('match');
}
export async function finishStep(_s: PipelineState): Promise<PipelineState> {
  return pending('finish');
}
export async function recordFailureStep(_s: PipelineState): Promise<PipelineState> {
  return pending('recordFailure');
}
