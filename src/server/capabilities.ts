import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './admin-dashboard/admin-dashboard.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { authorizedPersonRoutes } from './authorized-persons/authorized-persons.routes';
import { brandingRoutes } from './branding/branding.routes';
import { companyRoutes } from './companies/companies.routes';
import type { Config } from './config';
import { counterRoutes } from './counter/counter.routes';
import { customerRoutes } from './customers/customers.routes';
import { estimatorRoutes } from './estimator/estimator.routes';
import { healthRoutes } from './health/health.routes';
import type { Shutdown } from './http/server';
import { intakeRoutes } from './intake/intake.routes';
import { invoiceRoutes } from './invoices/invoices.routes';
import { mailboxRoutes } from './mail/mailbox.routes';
import type { Mailer } from './mail/mailer';
import { matchingRoutes } from './matching/matching.routes';
import { menuRoutes } from './menus/menus.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { packageRoutes } from './packages/packages.routes';
import { prealertRoutes } from './packages/prealerts.routes';
import { receiptRoutes } from './packages/receipts.routes';
import { paymentRoutes } from './payments/payments.routes';
import { pickupPassRoutes } from './pickup-pass/pickup-pass.routes';
import { platformRoutes } from './platform/platform.routes';
import { pointsRoutes } from './points/points.routes';
import { profileRoutes } from './profile/profile.routes';
import { purchaseRequestRoutes } from './purchase-requests/purchase-requests.routes';
import { pushRoutes } from './push/push.routes';
import { webManifestRoutes } from './pwa/web-manifest.routes';
import { ratesRoutes } from './rates/rates.routes';
import { referenceRoutes } from './reference/reference.routes';
import type { Services } from './services';
import { settingsRoutes } from './settings/settings.routes';
import { shipmentRoutes } from './shipments/shipments.routes';
import { staffRoutes } from './staff/staff.routes';
import { staffPackageRoutes } from './staff-packages/staff-packages.routes';
import { userRoutes } from './users/users.routes';

/** What the routes files are given to choose from: the services, and the few pieces of the server beside them. */
export type RouteDeps = Services & { config: Config; mailer: Mailer; shutdown: Shutdown };

/**
 * The routes of every capability (each file registers the endpoints its contract declares). Each file is a plugin
 * whose options name what it uses, so a line below does not compile if `deps` lacks one of them or has it with
 * another type: one line per file, not a loop, for the compiler to check each.
 */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { uploadQuota, fileStore, idempotency } = deps;
  app.decorate('routeKit', { uploadQuota, fileStore, idempotency });
  await app.register(authRoutes, deps);
  await app.register(companyRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(brandingRoutes, deps);
  await app.register(ratesRoutes, deps);
  await app.register(referenceRoutes, deps);
  await app.register(menuRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(packageRoutes, deps);
  await app.register(prealertRoutes, deps);
  await app.register(receiptRoutes, deps);
  await app.register(invoiceRoutes, deps);
  await app.register(estimatorRoutes, deps);
  await app.register(pointsRoutes, deps);
  await app.register(authorizedPersonRoutes, deps);
  await app.register(purchaseRequestRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(staffPackageRoutes, deps);
  await app.register(shipmentRoutes, deps);
  await app.register(intakeRoutes, deps);
  await app.register(customerRoutes, deps);
  await app.register(matchingRoutes, deps);
  await app.register(counterRoutes, deps);
  await app.register(pickupPassRoutes, deps);
  await app.register(staffRoutes, deps);
  await app.register(platformRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(pushRoutes, deps);
  await app.register(mailboxRoutes, deps);
  await app.register(webManifestRoutes, deps);
  await app.register(healthRoutes, deps);
}
