import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { dashboardRoutes } from './admin-dashboard/admin-dashboard.routes';
import { createDashboardService, type DashboardService } from './admin-dashboard/admin-dashboard.service';
import { auditRoutes } from './audit/audit.routes';
import { type AuditService, createAuditService } from './audit/audit.service';
import { authRoutes } from './auth/auth.routes';
import { type AuthService, createAuthService } from './auth/auth.service';
import { createLoginThrottle, createRedisLoginThrottle } from './auth/login-throttle';
import type { TokenSigner } from './auth/tokens';
import { authorizedPersonRoutes } from './authorized-persons/authorized-persons.routes';
import {
  type AuthorizedPersonService,
  createAuthorizedPersonService,
} from './authorized-persons/authorized-persons.service';
import type { RedisLink } from './cluster/redis';
import { companyRoutes } from './companies/companies.routes';
import { type CompanyService, createCompanyService } from './companies/companies.service';
import type { Config } from './config';
import { counterRoutes } from './counter/counter.routes';
import { type CounterService, createCounterService } from './counter/counter.service';
import { customerRoutes } from './customers/customers.routes';
import { type CustomerService, createCustomerService } from './customers/customers.service';
import type { Db } from './db';
import { estimatorRoutes } from './estimator/estimator.routes';
import { createEstimatorService, type EstimatorService } from './estimator/estimator.service';
import { createDiskFileStore } from './files/file-store';
import { type HoldableFileStore, withRemovalHold } from './files/removal-hold';
import { createS3FileStore } from './files/s3-file-store';
import { createUploadQuota, type UploadQuota } from './files/storage-quota';
import { healthRoutes } from './health/health.routes';
import { createIdempotency, type Idempotency } from './http/idempotency';
import { intakeRoutes } from './intake/intake.routes';
import { createIntakeService, type IntakeService } from './intake/intake.service';
import { createInvoiceSends, type InvoiceSends } from './invoices/invoice-send';
import { invoiceRoutes } from './invoices/invoices.routes';
import { createInvoiceService, type InvoiceService } from './invoices/invoices.service';
import type { JobQueue } from './jobs/queue';
import { mailboxRoutes } from './mail/mailbox.routes';
import { matchingRoutes } from './matching/matching.routes';
import { createMatchingService, type MatchingService } from './matching/matching.service';
import { menuRoutes } from './menus/menus.routes';
import { createMenuService, type MenuService } from './menus/menus.service';
import { notificationRoutes } from './notifications/notifications.routes';
import { createNotificationService, type NotificationService } from './notifications/notifications.service';
import { createPackageStatus } from './package-status/move-status';
import { packageRoutes } from './packages/packages.routes';
import { createPackageService, type PackageService } from './packages/packages.service';
import { prealertRoutes } from './packages/prealerts.routes';
import { createPrealertService, type PrealertService } from './packages/prealerts.service';
import { receiptRoutes } from './packages/receipts.routes';
import { createReceiptService, type ReceiptService } from './packages/receipts.service';
import { createStoredFiles, type StoredFiles } from './packages/stored-files';
import { pointsRoutes } from './points/points.routes';
import { createPointsService, type PointsService } from './points/points.service';
import { profileRoutes } from './profile/profile.routes';
import { createProfileService, type ProfileService } from './profile/profile.service';
import { purchaseRequestRoutes } from './purchase-requests/purchase-requests.routes';
import {
  createPurchaseRequestService,
  type PurchaseRequestService,
} from './purchase-requests/purchase-requests.service';
import { webManifestRoutes } from './pwa/web-manifest.routes';
import { referenceRoutes } from './reference/reference.routes';
import { createReferenceService, type ReferenceService } from './reference/reference.service';
import { settingsRoutes } from './settings/settings.routes';
import { shipmentRoutes } from './shipments/shipments.routes';
import { createShipmentService, type ShipmentService } from './shipments/shipments.service';
import { staffPackageRoutes } from './staff-packages/staff-packages.routes';
import { createStaffPackageService, type StaffPackageService } from './staff-packages/staff-packages.service';
import { userRoutes } from './users/users.routes';
import { createUserService, type UserService } from './users/users.service';

/** Every service of the server, built once at start and reached by routes as `app.<name>`. */
export type Services = {
  audit: AuditService;
  dashboard: DashboardService;
  authService: AuthService;
  /** Its removals can be held while a backup copies the files (files/removal-hold.ts). */
  fileStore: HoldableFileStore;
  storedFiles: StoredFiles;
  uploadQuota: UploadQuota;
  idempotency: Idempotency;
  packages: PackageService;
  prealerts: PrealertService;
  receipts: ReceiptService;
  notifications: NotificationService;
  /** Background work: a queue on the app's database (see jobs/). */
  jobs: JobQueue;
  points: PointsService;
  invoices: InvoiceService;
  /** An invoice's explicit send: queued with the change, its outcome written on the invoice by the mail job. */
  invoiceSends: InvoiceSends;
  estimator: EstimatorService;
  authorizedPersons: AuthorizedPersonService;
  purchaseRequests: PurchaseRequestService;
  profile: ProfileService;
  companies: CompanyService;
  menus: MenuService;
  reference: ReferenceService;
  users: UserService;
  staffPackages: StaffPackageService;
  shipments: ShipmentService;
  intake: IntakeService;
  customers: CustomerService;
  matching: MatchingService;
  counter: CounterService;
};

declare module 'fastify' {
  interface FastifyInstance extends Services {}
}

/**
 * Builds the services in dependency order: each takes its dependencies as one object. None gets the mailer: mail is
 * queued in the transaction of the change that causes it, and only the `mail` job sends it.
 */
export function createServices(deps: {
  db: Db;
  config: Config;
  jobs: JobQueue;
  signer: TokenSigner;
  log: FastifyBaseLogger;
  redis: RedisLink | null;
}): Services {
  const { db, config, jobs, signer, log, redis } = deps;
  const failedLogins = { max: config.rateLimits.failedLoginsPerAccount, windowMs: 15 * 60_000 };
  const throttle = redis
    ? createRedisLoginThrottle({
        redis: redis.client,
        log,
        ...failedLogins,
        failClosed: config.signInLimitsWithoutRedis === 'closed',
      })
    : createLoginThrottle(failedLogins);
  const fileStore = withRemovalHold(
    config.fileStore.kind === 's3'
      ? createS3FileStore(config.fileStore)
      : createDiskFileStore(join(config.dataDir, 'files')),
  );
  const storedFiles = createStoredFiles({
    db,
    store: fileStore,
    storageQuotaBytes: config.storageQuotaBytes,
  });
  const audit = createAuditService({ db });
  const notifications = createNotificationService({ db, jobs, config });
  const points = createPointsService({ db, audit });
  const invoiceSends = createInvoiceSends({ db, jobs, audit, config });
  const invoices = createInvoiceService({ db, notifications, points, audit, sends: invoiceSends, config });
  // The one owner of a package's status: every capability that moves one goes through it.
  const status = createPackageStatus({ audit, notifications });
  const packages = createPackageService({ db, status });
  const staffPackages = createStaffPackageService({ db, audit, notifications, status });
  const authService = createAuthService({ db, signer, jobs, config, throttle });
  return {
    audit,
    dashboard: createDashboardService({ db }),
    authService,
    fileStore,
    storedFiles,
    uploadQuota: createUploadQuota({ db, config }),
    idempotency: createIdempotency({ db }),
    packages,
    prealerts: createPrealertService({ db, storedFiles, points, log }),
    receipts: createReceiptService({ db, store: fileStore, storedFiles, packages }),
    notifications,
    jobs,
    points,
    invoices,
    invoiceSends,
    estimator: createEstimatorService({ db }),
    authorizedPersons: createAuthorizedPersonService({ db }),
    purchaseRequests: createPurchaseRequestService({ db, notifications, audit }),
    profile: createProfileService({ db, config, invoices, points, notifications }),
    companies: createCompanyService({ db }),
    menus: createMenuService({ db, audit }),
    reference: createReferenceService({ db }),
    users: createUserService({ db }),
    staffPackages,
    shipments: createShipmentService({ db, audit, staffPackages, status }),
    intake: createIntakeService({ db, audit, packages, storedFiles, store: fileStore, status }),
    customers: createCustomerService({ db, audit, auth: authService }),
    matching: createMatchingService({ db, audit, notifications, points }),
    counter: createCounterService({ db, status }),
  };
}

/** The routes of every capability (each file registers the endpoints its contract declares). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    authRoutes,
    companyRoutes,
    settingsRoutes,
    referenceRoutes,
    menuRoutes,
    userRoutes,
    packageRoutes,
    prealertRoutes,
    receiptRoutes,
    invoiceRoutes,
    estimatorRoutes,
    pointsRoutes,
    authorizedPersonRoutes,
    purchaseRequestRoutes,
    profileRoutes,
    notificationRoutes,
    auditRoutes,
    dashboardRoutes,
    staffPackageRoutes,
    shipmentRoutes,
    intakeRoutes,
    customerRoutes,
    matchingRoutes,
    counterRoutes,
    mailboxRoutes,
    webManifestRoutes,
    healthRoutes,
  ]) {
    await app.register(routes);
  }
}
