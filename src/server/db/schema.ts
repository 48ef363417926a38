import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditChanges, AuditEntity } from '../../contract/audit';
import type { Address } from '../../contract/companies';
import type { AccountSettings } from '../../contract/fees';
import type { NotificationKind } from '../../contract/notifications';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../contract/profile';
import type { Role } from '../../contract/users';

import { createdAt, updatedAt } from './schema-columns';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  logoUrl: text('logo_url').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('#6d28d9'),
  supportEmail: text('support_email').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  website: text('website').notNull().default(''),
  warehouseAddress: jsonb('warehouse_address').$type<Address>().notNull(),
  mailboxPrefix: text('mailbox_prefix').notNull(),
  /** Last mailbox number handed out; bumped atomically with UPDATE ... RETURNING. */
  mailboxCounter: integer('mailbox_counter').notNull().default(10000),
  currency: text('currency').notNull().default('JMD'),
  exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull().default('157.0000'),
  exchangeRateDate: date('exchange_rate_date').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Bytes of stored files per company, kept in the same transaction as every file row added or removed, so the
 * storage quota is checked atomically (UPDATE ... WHERE bytes + n <= quota) without summing the files table.
 */
export const storageUsage = pgTable('storage_usage', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** One row per host name a company answers on (lower-case, no port). */
export const companyHosts = pgTable('company_hosts', {
  hostname: text('hostname').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
});

export const parishes = pgTable('parishes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const identifications = pgTable('identifications', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const packageStatuses = pgTable('package_statuses', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull(),
  isException: boolean('is_exception').notNull().default(false),
  isFinal: boolean('is_final').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    parishId: integer('parish_id').references(() => parishes.id),
    trn: text('trn'),
    mailboxNumber: text('mailbox_number').notNull(),
    role: text('role').$type<Role>().notNull().default('customer'),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language they chose (contract/locales.ts); null: the company's default. */
    locale: text('locale'),
    /** Which notifications are also emailed (profile page). */
    notificationPrefs: jsonb('notification_prefs')
      .$type<Partial<NotificationPreferences>>()
      .notNull()
      // Read through preferencesOf (contract/profile.ts): a key added later takes its default.
      .default(DEFAULT_NOTIFICATION_PREFERENCES),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_company_email_uq').on(t.companyId, t.email),
    uniqueIndex('users_company_mailbox_uq').on(t.companyId, t.mailboxNumber),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Every rotation stays in the family of the login it came from; reuse of a spent token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The token it was rotated into, sealed with a key only the spent token gives (see sealed-successor.ts). */
    successor: text('successor'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<'verify' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('menus_company_code_uq').on(t.companyId, t.code)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    icon: text('icon').notNull().default('circle'),
    route: text('route').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`ARRAY['customer','staff','admin']::text[]`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('menu_items_menu_idx').on(t.menuId),
    uniqueIndex('menu_items_menu_route_uq').on(t.menuId, t.route),
  ],
);

/** Uploaded files (pre-alert invoices, package receipts). Bytes live in the file store; this is their record. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** Key in the file store: generated, never derived from the client's file name. */
    storageKey: text('storage_key').notNull().unique(),
    /** The client's name, sanitised, for Content-Disposition only. */
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    actorId: uuid('actor_id').references(() => users.id),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId, t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and a digest of the payload (fields + file hashes): the same key with another payload is refused. */
    requestDigest: text('request_digest').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_pk').on(t.companyId, t.userId, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/** Per-company fee, customs, points and invoice policy (see contract/fees.ts), seeded with DOMAIN.md's defaults. */
export const companySettings = pgTable('company_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<AccountSettings>().notNull(),
  updatedAt: updatedAt(),
});

/** Duty categories of a company; their effective-dated rates are duty_category_rates (schema-rates.ts). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
  ],
);

export * from './schema-billing';
export * from './schema-branding';
export * from './schema-customers';
export * from './schema-packages';
export * from './schema-payments';
export * from './schema-pickup-pass';
export * from './schema-push';
export * from './schema-rates';
export * from './schema-staff';
export * from './schema-storage';
