import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers depend one way: infra/ (CDK) builds from functions/ (the manifest, the ASL, the table), never
 * the reverse, so a Lambda bundle or the twin never pulls in deployment code. Every module specifier under
 * functions/ (static imports, re-exports, dynamic imports, require) is resolved and must not land in infra/.
 */
const root = resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(m|c)?[jt]sx?$/.test(entry.name) ? [path] : [];
  });
}

const SPECIFIER =
  /(?:\bimport\s*(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?|\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

/** The module specifiers a source text names. */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1]!);
}

/** The repository paths `file` imports (relative specifiers, or bare ones read from the root). */
function importedPaths(file: string, source: string): Array<{ specifier: string; path: string }> {
  return specifiersOf(source).map((specifier) => {
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : resolve(root, specifier);
    return { specifier, path: relative(root, target).split('\\').join('/') };
  });
}

/** The specifiers of `file` that resolve into infra/. */
function infraImports(file: string, source: string): string[] {
  return importedPaths(file, source)
    .filter(({ path }) => path === 'infra' || path.startsWith('infra/'))
    .map(({ specifier }) => specifier);
}

describe('layering: functions/ never imports infra/', () => {
  it('finds the specifiers of every kind of import (so the check below can fail)', () => {
    const sample = [
      "import { a } from '../../infra/shared/x';",
      "import type { B } from '../infra/y';",
      "export { c } from '../../infra/z';",
      "export * from '../../infra/w';",
      "const d = await import('../../infra/v');",
      "import '../../infra/side-effect';",
      "import {\n  e,\n  f,\n} from '../../infra/multi';",
    ].join('\n');
    const file = join(root, 'functions', 'services', 'sample.ts');
    expect(infraImports(file, sample)).toEqual([
      '../../infra/shared/x',
      '../../infra/z',
      '../../infra/w',
      '../../infra/v',
      '../../infra/side-effect',
      '../../infra/multi',
    ]);
    // '../infra/y' from functions/services/ is functions/infra/y: not the infra layer.
    expect(infraImports(file, "import { g } from '../contracts/pipeline-states';")).toEqual([]);
  });

  it('no file under functions/ imports from infra/', () => {
    const files = sourceFiles(join(root, 'functions'));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      infraImports(file, readFileSync(file, 'utf8')).map((s) => `${relative(root, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * functions/ is a house of levels: the ground (shared/: errors, config, ports, logger, redaction, the caller's
 * identity; domain/; contracts/), adapters/ and services/ on it, and at the top the entry points (app/: the
 * HTTP middleware and the composition root; handlers/; local/, the twin). Arrows point down only: nothing
 * below the top imports the composition root or the middleware, so a service's collaborators are the ones in
 * its signature and no service sees an HTTP event.
 */
const TOP = ['functions/app', 'functions/handlers', 'functions/local'];
const ROOF = ['functions/app/container', 'functions/app/http'];

function roofImports(file: string, source: string): string[] {
  return importedPaths(file, source)
    .filter(({ path }) => ROOF.includes(path.replace(/\.(m|c)?[jt]sx?$/, '')))
    .map(({ specifier }) => specifier);
}

describe('layering: only the top level imports the composition root and the HTTP middleware', () => {
  it('finds an import of either, so the check below can fail', () => {
    const file = join(root, 'functions', 'services', 'sample.ts');
    expect(
      roofImports(
        file,
        "import { services } from '../app/container';\nimport type { HttpEvent } from '../app/http';\nimport { x } from '../shared/context';",
      ),
    ).toEqual(['../app/container', '../app/http']);
  });

  it('no file of the ground, the adapters or the services imports functions/app/container or functions/app/http', () => {
    const files = sourceFiles(join(root, 'functions')).filter(
      (file) => !TOP.some((top) => relative(root, file).startsWith(`${top}/`)),
    );
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      roofImports(file, readFileSync(file, 'utf8')).map((s) => `${relative(root, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('nothing under functions/shared imports from a level above it (handlers, services, adapters, app, local)', () => {
    const above = [
      'functions/handlers',
      'functions/services',
      'functions/adapters',
      'functions/app',
      'functions/local',
    ];
    const offenders = sourceFiles(join(root, 'functions', 'shared')).flatMap((file) =>
      importedPaths(file, readFileSync(file, 'utf8'))
        .filter(({ path }) => above.some((level) => path === level || path.startsWith(`${level}/`)))
        .map(({ specifier }) => `${relative(root, file)}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('layering: adapters implement ports, the composition root picks them', () => {
  it('no adapter imports the composition root (functions/app/container.ts): ports are in shared/ports.ts', () => {
    const offenders = sourceFiles(join(root, 'functions', 'adapters')).flatMap((file) =>
      importedPaths(file, readFileSync(file, 'utf8'))
        .filter(({ path }) => path.replace(/\.ts$/, '') === 'functions/app/container')
        .map(({ specifier }) => `${relative(root, file)}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });
});
