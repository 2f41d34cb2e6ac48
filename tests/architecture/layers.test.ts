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

/** What the domain may not reach: the runtime's wiring, the API, and what only runs around it. */
const OUTSIDE_THE_DOMAIN = ['runtime', 'api', 'projections', 'web', 'bench', 'tests'];

describe('the write side declares the ports it needs and imports no wiring', () => {
  it('no file under write-side/ imports from runtime/, api/, projections/, web/, bench/ or tests/', () => {
    const sources = sourcesOf('write-side');
    expect(sources.length).toBeGreaterThan(50);
    const crossings = sources.flatMap((file) =>
      foldersReachedBy(file)
        .filter(({ folder }) => OUTSIDE_THE_DOMAIN.includes(folder))
        .map(({ specifier }) => `${file} → ${specifier}`),
    );
    expect(crossings).toEqual([]);
  });

  it('finds an import that crosses a layer (the check itself can fail)', () => {
    expect(foldersReachedBy('runtime/services.ts').map(({ folder }) => folder)).toEqual(expect.arrayContaining(['write-side', 'projections', 'runtime']));
  });
});

/** The read side answers queries from the read models; the API calls it, never the other way round. */
const OUTSIDE_THE_READ_SIDE = ['runtime', 'api', 'web', 'bench', 'tests'];

describe('the read side imports neither the API nor the wiring', () => {
  it('no file under read-side/ imports from runtime/, api/, web/, bench/ or tests/', () => {
    const sources = sourcesOf('read-side');
    expect(sources.length).toBeGreaterThan(10);
    const crossings = sources.flatMap((file) =>
      foldersReachedBy(file)
        .filter(({ folder }) => OUTSIDE_THE_READ_SIDE.includes(folder))
        .map(({ specifier }) => `${file} → ${specifier}`),
    );
    expect(crossings).toEqual([]);
  });
});
