import { readFile } from 'node:fs/promises';
import { extractTextLayer } from '../functions/adapters/pdf/text-layer';
import { readStatement } from '../functions/domain/statement';

/**
 * `npm run statement -- parse <file.pdf>`: reads a statement PDF's text layer locally and prints the parsed
 * statement as JSON (the same reader the pipeline uses). Exit 0 when parsed; otherwise one line on stderr
 * with the reason and a non-zero exit (2 for usage).
 */
const USAGE = 'Usage: npm run statement -- parse <file.pdf>';

async function main(argv: readonly string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command !== 'parse' || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'ENOENT' ? `File not found: ${file}` : `Cannot read ${file}: ${(error as Error).message}`,
    );
    return 1;
  }
  const text = await extractTextLayer(bytes);
  if (!text.ok) {
    console.error(`${text.reason}: ${text.message}`);
    return 1;
  }
  const result = readStatement(text.blocks);
  if (!result.ok) {
    console.error(`${result.reason}: ${result.message}`);
    return 1;
  }
  const {
    institution,
    period,
    openingBalance,
    closingBalance,
    transactions,
    reconciliation,
    warnings,
    pages,
    accountKind,
  } = result.statement;
  console.log(
    JSON.stringify(
      {
        institution,
        accountKind,
        period,
        openingBalance,
        closingBalance,
        transactions,
        reconciliation,
        warnings,
        pages,
      },
      null,
      2,
    ),
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
