import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** `npm run reset`: wipe the local twin's state (.data/). Stop the twin first. */
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
} else {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`Removed ${dataDir}. The next npm start begins with an empty product.`);
}
