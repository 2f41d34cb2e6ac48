import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionsOf, ISSUER_ONLY_DETAIL, ISSUER_WIDE_SUBJECTS, ORGANIZATION_TYPES, ROLES, SUBJECTS } from '../api/abilities';

export const ABILITIES_DOC = join(__dirname, '..', 'docs', 'abilities.md');

/** docs/abilities.md, written from the rule set in api/abilities.ts so that the two cannot disagree. */
export function renderAbilitiesDoc(): string {
  const principals = ORGANIZATION_TYPES.flatMap((organizationType) => ROLES.map((role) => ({ organizationType, role })));
  const header = `| Subject | ${principals.map((p) => `${p.organizationType} ${p.role}`).join(' | ')} |`;
  const rule = `|---|${principals.map(() => '---').join('|')}|`;
  const rows = SUBJECTS.map(
    (subject) => `| ${subject} | ${principals.map((principal) => actionsOf(principal, subject).join(', ') || '—').join(' | ')} |`,
  );
  return [
    '# Abilities',
    '',
    'Generated from the rule set in `api/abilities.ts` by `npm run docs:abilities`; do not edit by hand',
    '(a test fails when this file is stale). Every route guard and `GET /api/users/me/abilities` read the',
    'same rule set; the UI hides what a user cannot use, and the API re-checks every permission.',
    '',
    '## Role × organization type',
    '',
    '`manage` implies `create` and `read`; `create` implies `read`. A dash means no ability.',
    '',
    header,
    rule,
    ...rows,
    '',
    '## Ownership',
    '',
    "- An ability reaches the caller's own organization's resources only. A resource of another",
    '  organization answers 404 when the caller may not read it there, 403 when it may read but not act.',
    `- CENTRAL principals hold their abilities on every organization for: ${ISSUER_WIDE_SUBJECTS.map((s) => `\`${s}\``).join(', ')}.`,
    `- ${ISSUER_ONLY_DETAIL}: creating an organization, renaming, suspending or reinstating it, inviting its`,
    '  administrator, setting its exchange address, freezing and unfreezing it need `manage · Organization`',
    '  and a CENTRAL caller (403 `RESTRICTED_TO_CENTRAL_BANK` otherwise). A participant administrator',
    "  manages its own organization's chain RPC endpoint and reads its alerts.",
    '- `GET /organizations` lists organizations for CENTRAL callers only (403',
    '  `ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK`).',
    '- Settlement-account and other Instant Payments reads also require that the caller\'s organization owns them.',
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(ABILITIES_DOC, renderAbilitiesDoc());
  console.log(`wrote ${ABILITIES_DOC}`);
}
