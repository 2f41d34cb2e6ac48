import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessages } from '../../web/src/shared/errors';
import { messages as portalMessages } from '../../web/src/portal/messages';
import { messages as walletMessages } from '../../web/src/wallet/messages';

type Dictionary = { [key: string]: string | Dictionary };
const SOURCE = join(__dirname, '..', '..', 'web', 'src');

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.tsx') || name.endsWith('.ts') ? [join(dir, name)] : []));

const lookup = (dictionary: Dictionary, key: string): string | Dictionary | undefined =>
  key.split('.').reduce<string | Dictionary | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), dictionary);

/** Keys written literally in t('…'), and the fixed prefixes of keys built as t(`prefix.${…}`). */
function keysUsed(file: string): { literal: string[]; prefixes: string[] } {
  const text = readFileSync(file, 'utf8');
  const literal = [...text.matchAll(/\bt\('([a-zA-Z0-9_.-]+)'/g)].map((match) => match[1]);
  const prefixes = [...text.matchAll(/\bt\(`([a-zA-Z0-9_.-]+)\.\$\{/g)].map((match) => match[1]);
  return { literal, prefixes };
}

const withErrors = (dictionary: Dictionary, errors: Dictionary) => ({ ...dictionary, errors });

describe('Every string of the portal and the wallet is translated', () => {
  const apps = [
    { name: 'portal', dir: join(SOURCE, 'portal'), messages: portalMessages as unknown as Record<'es' | 'en', Dictionary> },
    { name: 'wallet', dir: join(SOURCE, 'wallet'), messages: walletMessages as unknown as Record<'es' | 'en', Dictionary> },
  ];
  for (const app of apps)
    for (const locale of ['es', 'en'] as const)
      test(`every key the ${app.name} uses exists in ${locale}`, () => {
        const dictionary = withErrors(app.messages[locale], errorMessages[locale] as unknown as Dictionary);
        const missing: string[] = [];
        for (const file of [...files(app.dir), ...files(join(SOURCE, 'shared'))]) {
          const { literal, prefixes } = keysUsed(file);
          for (const key of literal) if (typeof lookup(dictionary, key) !== 'string') missing.push(`${file.slice(SOURCE.length + 1)}: ${key}`);
          for (const prefix of prefixes) if (typeof lookup(dictionary, prefix) !== 'object') missing.push(`${file.slice(SOURCE.length + 1)}: ${prefix}.*`);
        }
        expect(missing).toEqual([]);
      });

  test('Spanish and English error messages cover the same codes', () => {
    expect(Object.keys(errorMessages.en).sort()).toEqual(Object.keys(errorMessages.es).sort());
  });
});
