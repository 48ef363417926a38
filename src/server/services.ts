import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createDashboardService, type DashboardService } from './admin-dashboard/admin-dashboard.service';
import { type AuditService, createAuditService } from './audit/audit.service';
import { type AuthService, createAuthService } from './auth/auth.service';
import { createLoginThrottle, createRedisLoginThrottle } from './auth/login-throttle';
import type { TokenSigner } from './auth/tokens';
import {
  type AuthorizedPersonService,
  createAuthorizedPersonService,
} from './authorized-persons/authorized-persons.service';
import { type BrandAssets, createBrandAssets } from './branding/brand-assets';
import { type BrandingService, createBrandingService } from './branding/branding.service';
import type { RedisLink } from './cluster/redis';
import { type CompanyService, createCompanyService } from './companies/companies.service';
import type { Config } from './config';
import { type CounterService, createCounterService } from './counter/counter.service';
import { type CustomerService, createCustomerService } from './customers/customers.service';
import type { Db } from './db';
import { createEstimatorService, type EstimatorService } from './estimator/estimator.service';
import { createDiskFileStore } from './files/file-store';
import { type HoldableFileStore, withRemovalHold } from './files/removal-hold';
import { createS3FileStore } from './files/s3-file-store';
import { createUploadQuota, type UploadQuota } from './files/storage-quota';
import { createReadinessCheck, type ReadinessCheck } from './health/health.service';
import { createIdempotency, type Idempotency } from './http/idempotency';
import { createIntakeService, type IntakeService } from './intake/intake.service';
import { createInvoiceSends, type InvoiceSends } from './invoices/invoice-send';
import { createInvoiceService, type InvoiceService } from './invoices/invoices.service';
import type { JobQueue } from './jobs/queue';
import { createMatchingService, type MatchingService } from './matching/matching.service';
import { createMenuService, type MenuService } from './menus/menus.service';
import { createNotificationService, type NotificationService } from './notifications/notifications.service';
import { createPackageStatus } from './package-status/move-status';
import { createPackageService, type PackageService } from './packages/packages.service';
import { createPrealertService, type PrealertService } from './packages/prealerts.service';
import { createReceiptService, type ReceiptService } from './packages/receipts.service';
import { createStoredFiles, type StoredFiles } from './packages/stored-files';
import { createPaymentService, type PaymentService } from './payments/payments.service';
import { createPickupPassService, type PickupPassService } from './pickup-pass/pickup-pass.service';
import { createPlatformService, type PlatformService } from './platform/platform.service';
import { createPointsService, type PointsService } from './points/points.service';
import { createProfileService, type ProfileService } from './profile/profile.service';
import {
  createPurchaseRequestService,
  type PurchaseRequestService,
} from './purchase-requests/purchase-requests.service';
import { createPushService, type PushService } from './push/push.service';
import { createVapidKeys, type Vapid } from './push/vapid';
import { createDutyCategoriesService, type DutyCategoriesService } from './rates/duty-categories.service';
import { createRatesService, type RatesService } from './rates/rates.service';
import { createReferenceService, type ReferenceService } from './reference/reference.service';
import { createSettingsService, type SettingsService } from './settings/settings.service';
import { createShipmentService, type ShipmentService } from './shipments/shipments.service';
import { createInvitationService, type InvitationService } from './staff/invitations.service';
import { createStaffService, type StaffService } from './staff/staff.service';
import { createStaffPackageService, type StaffPackageService } from './staff-packages/staff-packages.service';
import { createStorageReminders, type StorageReminders } from './storage/storage-reminders';
import { createUserService, type UserService } from './users/users.service';

/**
 * Every service of the server, built once at start. A routes file names what it uses of them (its options are a
 * `Pick<Services, …>`), so capabilities.ts cannot register it without those services.
 */
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
  /** Reminders that a parcel's free storage ends soon (a scheduled job). */
  storageReminders: StorageReminders;
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
  settings: SettingsService;
  branding: BrandingService;
  /** The logo and app icons the public routes serve (pwa/web-manifest.routes.ts). */
  brandAssets: BrandAssets;
  rates: RatesService;
  dutyCategories: DutyCategoriesService;
  menus: MenuService;
  reference: ReferenceService;
  users: UserService;
  staffPackages: StaffPackageService;
  shipments: ShipmentService;
  intake: IntakeService;
  customers: CustomerService;
  matching: MatchingService;
  counter: CounterService;
  /** The pickup pass: the customer's passes and the public share link's one. */
  pickupPass: PickupPassService;
  /** Invitations to a company's staff: `invite(tx, …)` joins the caller's transaction (staff screen, platform console). */
  invitations: InvitationService;
  /** The company's staff as its admins manage them (roles, activity). */
  staffAccounts: StaffService;
  /** The platform console: every company, for the platform's operator. */
  platform: PlatformService;
  /** Online payments: checkout, provider results, re-checks and the company's provider settings. */
  payments: PaymentService;
  /** Web push: devices subscribed and the pushes queued with the changes they tell. */
  push: PushService;
  /** The deployment's VAPID keys (the push job signs with them). */
  vapid: Vapid;
  /** What /readyz asks: the database, the file store and Redis, each within a bound. */
  readiness: ReadinessCheck;
};

/** What the services are built on: the infrastructure started before them (see infrastructure.ts). */
export type ServiceDeps = {
  db: Db;
  config: Config;
  jobs: JobQueue;
  signer: TokenSigner;
  log: FastifyBaseLogger;
  redis: RedisLink | null;
};

/**
 * Builds the services in dependency order: each takes its dependencies as one object. None gets the mailer: mail is
 * queued in the transaction of the change that causes it, and only the `mail` job sends it.
 */
export function createServices({ db, config, jobs, signer, log, redis }: ServiceDeps): Services {
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
  const vapid = createVapidKeys(db);
  const push = createPushService({ db, jobs, config, vapid });
  const notifications = createNotificationService({ db, jobs, config, push });
  const points = createPointsService({ db, audit });
  const invoiceSends = createInvoiceSends({ db, jobs, audit, config });
  const payments = createPaymentService({ db, audit, notifications, points, config });
  const invoices = createInvoiceService({
    db,
    notifications,
    points,
    audit,
    sends: invoiceSends,
    config,
    refunds: payments,
  });
  // The one owner of a package's status: every capability that moves one goes through it.
  const status = createPackageStatus({ audit, notifications });
  const packages = createPackageService({ db, status });
  const staffPackages = createStaffPackageService({ db, audit, notifications, status });
  const authService = createAuthService({ db, signer, jobs, config, throttle });
  const invitations = createInvitationService({ db, jobs, config, audit, auth: authService });
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
    storageReminders: createStorageReminders({ db, notifications, config }),
    jobs,
    points,
    invoices,
    invoiceSends,
    estimator: createEstimatorService({ db }),
    authorizedPersons: createAuthorizedPersonService({ db }),
    purchaseRequests: createPurchaseRequestService({ db, notifications, audit }),
    profile: createProfileService({ db, config, invoices, points, notifications }),
    companies: createCompanyService({ db }),
    settings: createSettingsService({ db, audit }),
    branding: createBrandingService({ db, audit, storedFiles, store: fileStore }),
    brandAssets: createBrandAssets({ db, store: fileStore }),
    rates: createRatesService({ db, audit }),
    dutyCategories: createDutyCategoriesService({ db, audit }),
    menus: createMenuService({ db, audit }),
    reference: createReferenceService({ db }),
    users: createUserService({ db }),
    staffPackages,
    shipments: createShipmentService({ db, audit, staffPackages, status }),
    intake: createIntakeService({ db, audit, packages, storedFiles, store: fileStore, status }),
    customers: createCustomerService({ db, audit, auth: authService }),
    matching: createMatchingService({ db, audit, notifications, points }),
    counter: createCounterService({ db, status }),
    pickupPass: createPickupPassService({ db }),
    invitations,
    staffAccounts: createStaffService({ db, audit }),
    platform: createPlatformService({ db, audit, invitations, platformDomain: config.platformDomain }),
    readiness: createReadinessCheck({ db, fileStore, redis }, config.readyCheckMs),
    payments,
    push,
    vapid,
  };
}
