import { readFileSync } from 'node:fs';
import { abilitiesOf, actionsOf, authorize, can, ORGANIZATION_TYPES, ROLES, SUBJECTS, type Principal } from '../../api/abilities';
import { ABILITIES_DOC, renderAbilitiesDoc } from '../../scripts/abilities-doc';

const principal = (organizationType: Principal['organizationType'], role: Principal['role'], organizationId = 'own'): Principal => ({
  userId: 'u',
  organizationId,
  organizationType,
  role,
});

const everyone = ORGANIZATION_TYPES.flatMap((type) => ROLES.map((role) => principal(type, role)));

describe('Abilities (the shared rule set)', () => {
  it('docs/abilities.md is what `npm run docs:abilities` writes from the rule set', () => {
    expect(readFileSync(ABILITIES_DOC, 'utf8')).toBe(renderAbilitiesDoc());
  });

  it('never lets an auditor mutate anything', () => {
    for (const type of ORGANIZATION_TYPES)
      for (const subject of SUBJECTS) expect([subject, actionsOf(principal(type, 'auditor'), subject)]).toEqual([subject, expect.not.arrayContaining(['create', 'manage'])]);
  });

  it('gives members no Control Panel (no read · Organization) and issuer members no InstantPaymentOversight', () => {
    for (const type of ORGANIZATION_TYPES) expect(can(principal(type, 'member'), 'read', 'Organization')).toBe(false);
    expect(actionsOf(principal('CENTRAL', 'member'), 'InstantPaymentOversight')).toEqual([]);
  });

  it('follows the spec\'s Instant Payments table', () => {
    expect(actionsOf(principal('COMMERCIAL', 'administrator'), 'InstantPayment')).toEqual(['read', 'create', 'manage']);
    expect(actionsOf(principal('COMMERCIAL', 'member'), 'InstantPayment')).toEqual(['read', 'create']);
    expect(actionsOf(principal('COMMERCIAL', 'auditor'), 'InstantPayment')).toEqual(['read']);
    expect(actionsOf(principal('CENTRAL', 'administrator'), 'InstantPaymentOversight')).toEqual(['read', 'create', 'manage']);
    expect(actionsOf(principal('CENTRAL', 'auditor'), 'InstantPaymentOversight')).toEqual(['read']);
    for (const role of ROLES) expect(actionsOf(principal('COMMERCIAL', role), 'InstantPaymentOversight')).toEqual([]);
  });

  it('gives every role read · Operation', () => {
    for (const who of everyone) expect(can(who, 'read', 'Operation')).toBe(true);
  });

  it('reaches the own organization only, except what the issuer oversees', () => {
    const other = { organizationId: 'other' };
    expect(can(principal('COMMERCIAL', 'administrator'), 'manage', 'Organization', other)).toBe(false);
    expect(can(principal('CENTRAL', 'administrator'), 'manage', 'Organization', other)).toBe(true);
    expect(can(principal('CENTRAL', 'administrator'), 'manage', 'User', other)).toBe(false);
    expect(() => authorize(principal('CENTRAL', 'auditor'), 'manage', 'User', other)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => authorize(principal('CENTRAL', 'auditor'), 'manage', 'User', { organizationId: 'own' })).toThrow(
      expect.objectContaining({ status: 403 }),
    );
  });

  it('exports the whole matrix for a principal', () => {
    const matrix = abilitiesOf(principal('CENTRAL', 'administrator'));
    expect(Object.keys(matrix)).toEqual([...SUBJECTS]);
    expect(matrix.User).toEqual(['read', 'create', 'manage']);
  });
});
