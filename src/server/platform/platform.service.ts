import { msg } from '@lingui/core/runtime-macro';
import { and, asc, count, eq, exists, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditChanges } from '../../contract/audit';
import type { Paginated } from '../../contract/envelope';
import type {
  CompanyUsage,
  createPlatformCompanyBodySchema,
  PlatformCompany,
  platformCompanyQuerySchema,
  updatePlatformCompanyBodySchema,
} from '../../contract/platform';
import type { PendingInvitation } from '../../contract/staff';
import type { AuditService } from '../audit/audit.service';
import { freeSlug, hostsByCompany, insertCompany, prefixTaken, takenHosts } from '../companies/company-rows';
import { type CompanyDisplay, displayOf } from '../companies/time-zones';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { likePattern } from '../db/like';
import type { CompanyRow, UserRow } from '../db/rows';
import { companies, companyHosts } from '../db/schema';
import { wrote } from '../db/writes';
import { badRequest, notFound } from '../errors';
import { t } from '../i18n';
import { toCompany } from '../presenters';
import type { InvitationService } from '../staff/invitations.service';
import { toPendingInvitation } from '../staff/staff.service';
import { usageOf } from './usage';

type CreateBody = z.output<typeof createPlatformCompanyBodySchema>;
type UpdateBody = z.output<typeof updatePlatformCompanyBodySchema>;
type ListQuery = z.output<typeof platformCompanyQuerySchema>;

/** Who asks: the platform's operator, signed in on a host of the platform's own company. */
export type Operator = { company: CompanyRow; user: UserRow; host: string };

const hostsError = (message: string) => badRequest(msg`Validation failed`, { hosts: [message] });

/**
 * What is wrong with hosts a company would answer on, given the platform's domain (PLATFORM_DOMAIN): the domain
 * itself is the platform's; a host under it is one name deep (coral.portals.example). Elsewhere, the company's own
 * domain, any host name will do.
 */
export function hostRuleProblem(hosts: string[], platformDomain: string | undefined): string | null {
  if (!platformDomain) return null;
  for (const host of hosts) {
    if (host === platformDomain) return `${host} is the platform’s own domain: use a name under it`;
    if (host.endsWith(`.${platformDomain}`) && host.slice(0, -platformDomain.length - 1).includes('.')) {
      return `${host}: use one name under ${platformDomain}, e.g. coral.${platformDomain}`;
    }
  }
  return null;
}

/** The companies the platform serves, as its operator lists, creates, switches off and on, and re-hosts them. */
export function createPlatformService({
  db,
  audit,
  invitations,
  platformDomain,
}: {
  db: Db;
  audit: AuditService;
  invitations: Pick<InvitationService, 'invite'>;
  platformDomain: string | undefined;
}) {
  async function present(rows: CompanyRow[], operator: Operator): Promise<PlatformCompany[]> {
    const ids = rows.map((r) => r.id);
    const shown = await Promise.all(rows.map((r) => displayOf(db, r.id)));
    const zones = shown.map((d) => d.timeZone);
    const [hosts, usage] = await Promise.all([
      hostsByCompany(db, ids),
      usageOf(
        db,
        rows.map((r, i) => ({ id: r.id, timeZone: zones[i] ?? '' })),
      ),
    ]);
    const none: CompanyUsage = { customers: 0, parcels_this_month: 0, invoices: 0, stored_bytes: 0 };
    return rows.map((r, i) => ({
      ...toCompany(r, shown[i] as CompanyDisplay),
      hosts: hosts.get(r.id) ?? [],
      status: r.isActive ? 'active' : 'inactive',
      is_platform: r.id === operator.company.id,
      usage: usage.get(r.id) ?? none,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async function presentOne(row: CompanyRow, operator: Operator): Promise<PlatformCompany> {
    const [one] = await present([row], operator);
    if (!one) throw new Error('present returned nothing');
    return one;
  }

  async function find(id: string, tx: Db = db, lock = false): Promise<CompanyRow> {
    const base = tx.select().from(companies).where(eq(companies.id, id)).limit(1);
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound(msg`Company not found`);
    return row;
  }

  /** Hosts no other company uses and the platform's domain allows; the problem as a field error on `hosts`. */
  async function checkHosts(tx: Db, hosts: string[], companyId?: string): Promise<void> {
    const rule = hostRuleProblem(hosts, platformDomain);
    if (rule) throw hostsError(rule);
    const taken = await takenHosts(tx, hosts, companyId);
    if (taken.length > 0) {
      throw hostsError(
        `${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already used by another company`,
      );
    }
  }

  /** A host taken between our check and our insert (a concurrent create): the same field error, not a 500. */
  async function hostRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err))
        throw hostsError('A host name was just taken by another company: try again');
      throw err;
    }
  }

  return {
    async list(operator: Operator, q: ListQuery): Promise<Paginated<PlatformCompany>> {
      const where: SQL[] = [];
      if (q.status) where.push(eq(companies.isActive, q.status === 'active'));
      if (q.q) {
        const p = likePattern(q.q);
        const search = or(
          ilike(companies.name, p),
          ilike(companies.shortName, p),
          ilike(companies.slug, p),
          ilike(companies.mailboxPrefix, p),
          exists(
            db
              .select({ one: sql`1` })
              .from(companyHosts)
              .where(and(eq(companyHosts.companyId, companies.id), ilike(companyHosts.hostname, p))),
          ),
        );
        if (search) where.push(search);
      }
      const filter = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(companies).where(filter);
      const rows = await db
        .select()
        .from(companies)
        .where(filter)
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return {
        items: await present(rows, operator),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    async one(operator: Operator, id: string): Promise<PlatformCompany> {
      return presentOne(await find(id), operator);
    },

    /** The company, its hosts, the template's defaults and its time zone: all in one transaction, audited. */
    async create(operator: Operator, body: CreateBody): Promise<PlatformCompany> {
      const hosts = [...new Set(body.hosts)];
      const created = await hostRace(() =>
        db.transaction(async (txRaw) => {
          // drizzle's transaction type lacks the client's `$client`; it runs the same queries.
          const tx = txRaw as unknown as Db;
          await checkHosts(tx, hosts);
          if (await prefixTaken(tx, body.mailbox_prefix)) {
            throw badRequest(msg`Validation failed`, {
              mailbox_prefix: [`${body.mailbox_prefix} is already used by another company`],
            });
          }
          const row = await insertCompany(
            tx,
            {
              slug: await freeSlug(tx, body.name),
              name: body.name,
              shortName: body.short_name,
              primaryColor: body.primary_color,
              supportEmail: body.support_email,
              supportPhone: body.support_phone,
              warehouseAddress: body.warehouse_address,
              mailboxPrefix: body.mailbox_prefix,
              currency: body.currency,
            },
            hosts,
            { timeZone: body.time_zone },
          );
          await audit.record(tx, row, operator.user, {
            entity: 'company',
            entityId: row.id,
            action: 'created',
            changes: {
              name: [null, row.name],
              hosts: [null, hosts.join(', ')],
              mailbox_prefix: [null, row.mailboxPrefix],
              currency: [null, row.currency],
              time_zone: [null, body.time_zone],
            },
          });
          return row;
        }),
      );
      // Committed: every instance's host lookup (which may have cached "no company here") must look again.
      wrote(db, 'companies', 'company_hosts', 'company_settings');
      return presentOne(created, operator);
    },

    /**
     * Switches a company off or on, or changes its hosts. Off deletes nothing: its hosts answer "not found" until it
     * is switched on again. The operator cannot switch off the platform's own company, nor take away the host they
     * are signed in on.
     */
    async update(operator: Operator, id: string, body: UpdateBody): Promise<PlatformCompany> {
      const own = id === operator.company.id;
      const updated = await hostRace(() =>
        db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const before = await find(id, tx, true);
          const changes: AuditChanges = {};
          if (body.status !== undefined && (body.status === 'active') !== before.isActive) {
            if (own && body.status === 'inactive') {
              throw badRequest(msg`Validation failed`, {
                status: [t(msg`The platform’s own company cannot be deactivated`)],
              });
            }
            changes.status = [before.isActive ? 'active' : 'inactive', body.status];
          }
          if (body.hosts !== undefined) {
            const hosts = [...new Set(body.hosts)].sort();
            const was = (await hostsByCompany(tx, [id])).get(id) ?? [];
            if (own && !hosts.includes(operator.host)) {
              throw hostsError(`Keep ${operator.host}: you are signed in on it`);
            }
            await checkHosts(tx, hosts, id);
            if (hosts.join(',') !== was.join(',')) {
              await tx
                .delete(companyHosts)
                .where(and(eq(companyHosts.companyId, id), notInArray(companyHosts.hostname, hosts)));
              const added = hosts.filter((h) => !was.includes(h));
              if (added.length) {
                await tx.insert(companyHosts).values(added.map((hostname) => ({ hostname, companyId: id })));
              }
              changes.hosts = [was.join(', '), hosts.join(', ')];
            }
          }
          if (Object.keys(changes).length === 0) return before;
          const [after] = await tx
            .update(companies)
            .set({
              ...(changes.status ? { isActive: body.status === 'active' } : {}),
              updatedAt: new Date(),
            })
            .where(eq(companies.id, id))
            .returning();
          if (!after) throw notFound(msg`Company not found`);
          const action = changes.status ? (after.isActive ? 'reactivated' : 'deactivated') : 'hosts';
          await audit.record(tx, after, operator.user, {
            entity: 'company',
            entityId: id,
            action,
            changes,
          });
          return after;
        }),
      );
      // Committed: the hosts of a company switched off must answer "not found" at once, here and on every instance
      // (the write bus carries it), not when a cached lookup expires.
      wrote(db, 'companies', 'company_hosts');
      return presentOne(updated, operator);
    },

    /**
     * Invites the company's first admin (any company, active or not: an admin may be set up before it opens), with
     * the staff invitations' own rules, in one transaction with its audit entry and mail. `originOf` gives the
     * origin of one of the company's hosts, so the link opens there.
     */
    async inviteAdmin(
      operator: Operator,
      id: string,
      email: string,
      originOf: (hostname: string) => string,
    ): Promise<PendingInvitation> {
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const company = await find(id, tx);
        const [host] = (await hostsByCompany(tx, [id])).get(id) ?? [];
        if (!host) throw badRequest(msg`This company has no host name: add one first`);
        return invitations.invite(tx, {
          company,
          email,
          role: 'admin',
          invitedBy: operator.user,
          origin: originOf(host),
        });
      });
      // `invited_by` names people of the company only; the operator is of the platform's.
      return toPendingInvitation(row);
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
