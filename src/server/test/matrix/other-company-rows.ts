import { and, eq } from 'drizzle-orm';
import { menuItems, menus, packages, purchaseRequests, users } from '../../db/schema';
import type { TestApp } from '../harness';
import { multipart } from '../multipart';
import { BLUE_HOST, created, markedPdf, uniq } from './fixture-types';

/** The other company's rows the mirror probes aim at (made where the seed has none). */
export async function otherCompanyRows(
  t: TestApp,
  companyId: string,
  customerId: string,
  staffToken: string,
) {
  const { db } = t.database;
  const customer = await db.query.users.findFirst({ where: eq(users.id, customerId) });
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.userId, customerId), eq(packages.statusCode, 'in_transit')))
    .limit(1);
  if (!customer || !pkg) throw new Error('seed lacks the other company’s customer or packages');
  const body = await multipart({ package_id: pkg.id }, [
    { name: 'blue.pdf', bytes: markedPdf(`matrix-blue-${uniq()}`), type: 'application/pdf' },
  ]);
  const [receipt] = created<{ id: string; file: { id: string } }[]>(
    await t.request({
      method: 'POST',
      url: '/v1/packagereceipts',
      host: BLUE_HOST,
      token: staffToken,
      ...body,
    }),
    'the other company’s receipt',
  );
  const invoice = created<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/v1/invoices',
      host: BLUE_HOST,
      token: staffToken,
      payload: {
        customer_id: customerId,
        lines: [
          {
            type: 'other',
            description: 'Blue probe',
            quantity: 1,
            unit_price_cents: 100,
            package_id: pkg.id,
          },
        ],
      },
    }),
    'the other company’s invoice',
  );
  created(
    await t.request({
      method: 'PUT',
      url: `/v1/invoices/${invoice.id}`,
      host: BLUE_HOST,
      token: staffToken,
      payload: { status: 'issued' },
    }),
    'the other company’s invoice issued',
  );
  const [pr] = await db
    .insert(purchaseRequests)
    .values({
      companyId,
      userId: customerId,
      productUrl: `https://shop.example.com/blue/${uniq()}`,
      store: 'shop.example.com',
      itemName: `Blue item ${uniq()}`,
      quantity: 1,
    })
    .returning({ id: purchaseRequests.id });
  const menu = await db.query.menus.findFirst({
    where: and(eq(menus.companyId, companyId), eq(menus.code, 'customer')),
  });
  if (!menu || !pr || !receipt) throw new Error('the other company’s rows are missing');
  const [item] = await db
    .insert(menuItems)
    .values({ menuId: menu.id, companyId, title: `Blue menu ${uniq()}`, route: `/user/fees?blue=${uniq()}` })
    .returning({ id: menuItems.id });
  if (!item) throw new Error('menu item insert returned no row');
  return {
    customerId,
    mailbox: customer.mailboxNumber,
    packageId: pkg.id,
    receiptId: receipt.id,
    fileId: receipt.file.id,
    invoiceId: invoice.id,
    purchaseRequestId: pr.id,
    menuId: String(menu.id),
    menuItemId: String(item.id),
  };
}
