import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiDocument } from '../../api/route';
import { allRoutes } from '../../api/routes';
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

  test('every error code the API documents has a message', () => {
    type Operation = { responses?: Record<string, { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }> };
    const document = JSON.parse(JSON.stringify(apiDocument(allRoutes()))) as { paths: Record<string, Record<string, Operation>> };
    const codes = new Set(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => Object.values(operation.responses ?? {}))
        .flatMap((response) => response.content?.['application/problem+json']?.schema?.properties?.code?.enum ?? []),
    );
    // Not a code: the RPC route's description names this configuration variable, and the document reads it as one.
    codes.delete('CHAIN_RPC_ALLOWED_HOSTS');
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !(code in errorMessages.es)).sort()).toEqual([]);
  });

  test('every alert code the control panel can answer has a title and a text in both languages', () => {
    const document = JSON.parse(JSON.stringify(apiDocument(allRoutes()))) as { components: { schemas: { Alert: { properties: { code: { enum: string[] } } } } } };
    const codes = document.components.schemas.Alert.properties.code.enum;
    expect(codes.length).toBeGreaterThan(0);
    for (const locale of ['es', 'en'] as const) {
      const dictionary = portalMessages[locale] as unknown as Dictionary;
      expect(codes.filter((code) => ['title', 'text'].some((part) => typeof lookup(dictionary, `alerts.codes.${code}.${part}`) !== 'string'))).toEqual([]);
    }
  });

  test('Spanish and English error messages cover the same codes', () => {
    expect(Object.keys(errorMessages.en).sort()).toEqual(Object.keys(errorMessages.es).sort());
  });
});
