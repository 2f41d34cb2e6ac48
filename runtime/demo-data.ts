import { demoIssuingStep } from './demo-issuing';
import { demoInstantPaymentsStep } from './demo-instant-payments';
import type { SeedStep } from './seed';
import { createOrganization } from '../write-side/organization/commands';
import { enrollUser } from '../write-side/user/commands';
import { findUserByEmail } from '../read-side/users';
import { OrganizationRecord } from '../read-side/organizations';

/** The demo participant bank and its administrator (printed at start so a visitor can sign in). */
export const DEMO_BANK = {
  name: 'Banco Atlántida Demo',
  adminName: 'Administrador Atlántida',
  adminEmail: 'admin@atlantida.demo',
  adminPassword: 'atlantida-demo-2026',
} as const;

/** An ACTIVE commercial bank with its administrator (and so its settlement account). */
const demoBank: SeedStep = {
  name: 'demo-bank',
  async run(services, context) {
    const organizationId =
      (await OrganizationRecord.query(services.db).findOne({ name: DEMO_BANK.name, type: 'COMMERCIAL' }))?.id ??
      (await createOrganization(services, context, { name: DEMO_BANK.name, type: 'COMMERCIAL' }));
    const administratorId =
      (await findUserByEmail(services.db, DEMO_BANK.adminEmail))?.id ??
      (await enrollUser(services, context, {
        organizationId,
        kind: 'HUMAN',
        email: DEMO_BANK.adminEmail,
        name: DEMO_BANK.adminName,
        role: 'administrator',
        password: DEMO_BANK.adminPassword,
        locale: 'es',
        invitationId: null,
      }));
    return { organizationId, administratorId };
  },
};

/** Demo data (DEMO_DATA=true), seeded after the real seed steps, once; other demo loaders add their steps here. */
export const demoSteps: SeedStep[] = [demoBank, demoIssuingStep, demoInstantPaymentsStep];
