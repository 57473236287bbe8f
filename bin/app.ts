import { buildApp } from '../infra/app';

/**
 * The CDK app (cdk.json: `npx tsx bin/app.ts`). Stage from the `stage` context (`-c stage=prod`; dev by
 * default); account and region from CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION (eu-west-2 by default).
 * cdk-nag AwsSolutions runs as a validation plugin. `npm run synth` is the usual entry point: it also prints
 * the bundle sizes and enforces the 500 KB budget.
 */
const { app } = buildApp();
app.synth();
