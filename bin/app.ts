import '../functions/local/polyfills';
import { buildApp } from '../infra/app';

/** The CDK app (cdk.json). `npm run synth` is the usual entry point: it also checks cdk-nag and bundle sizes. */
const { app } = buildApp({ nag: true });
app.synth();
