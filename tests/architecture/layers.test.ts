import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/** Every TypeScript file under a top-level folder, as paths from the repository's root. */
function sourcesOf(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The top-level folder each relative import, require or import() of a file reaches. */
function foldersReachedBy(file: string): Array<{ specifier: string; folder: string }> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => ({
    specifier,
    folder: relative(ROOT, resolve(ROOT, dirname(file), specifier)).split(sep)[0]!,
  }));
}

/** Each import of a file under `layer` that reaches one of `outside`, as `file → specifier`. */
function crossings(layer: string, outside: readonly string[]): string[] {
  return sourcesOf(layer).flatMap((file) =>
    foldersReachedBy(file)
      .filter(({ folder }) => outside.includes(folder))
      .map(({ specifier }) => `${file} → ${specifier}`),
  );
}

describe('the write side declares the ports it needs and imports no wiring', () => {
  it('no file under write-side/ imports from runtime/, api/, projections/, web/, bench/ or tests/', () => {
    expect(sourcesOf('write-side').length).toBeGreaterThan(50);
    expect(crossings('write-side', ['runtime', 'api', 'projections', 'web', 'bench', 'tests'])).toEqual([]);
  });

  it('finds an import that crosses a layer (the check itself can fail)', () => {
    expect(crossings('runtime', ['projections'])).toContain("runtime/services.ts → ../projections/runner");
  });
});

/** The read side answers queries from the read models; the API calls it, never the other way round. */
describe('the read side imports neither the API nor the wiring', () => {
  it('no file under read-side/ imports from runtime/, api/, web/, bench/ or tests/', () => {
    expect(sourcesOf('read-side').length).toBeGreaterThan(10);
    expect(crossings('read-side', ['runtime', 'api', 'web', 'bench', 'tests'])).toEqual([]);
  });
});
