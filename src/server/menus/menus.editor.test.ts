import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

type Item = {
  id: number;
  menu_id: number;
  parent_id: number | null;
  title: string;
  route: string;
  sort_order: number;
  roles: string[];
  is_active: boolean;
};
type Menu = { id: number; code: string; title: string; items: Item[] };
type Placement = { id: number; parent_id: number | null };
type AuditEntry = {
  action: string;
  changes: Record<string, [unknown, unknown]>;
  note: string;
  actor: { name: string } | null;
};

/** The editor's calls: nesting rules, the reorder, the lock-out guard and the audit trail of every change. */
describe('menu editor', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let customer: string;
  let blueAdmin: string;

  const menus = async (token = admin) =>
    expectOk<Menu[]>(await t.request({ method: 'GET', url: '/v1/menus', token }));
  const menu = async (code: string) => (await menus()).find((m) => m.code === code) as Menu;
  const add = (payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/v1/menuitems', token, payload });
  const put = (id: number, payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'PUT', url: `/v1/menuitems/${id}`, token, payload });
  const del = (id: number, token = admin) =>
    t.request({ method: 'DELETE', url: `/v1/menuitems/${id}`, token });
  const order = (menuId: number, items: { id: number; parent_id: number | null }[], token = admin) =>
    t.request({ method: 'PUT', url: `/v1/menus/${menuId}/order`, token, payload: { items } });
  const trail = async (menuId: number) =>
    expectOk<{ items: AuditEntry[] }>(
      await t.request({ method: 'GET', url: `/v1/admin/audit?entity=menu&id=${menuId}`, token: admin }),
    ).items;
  const flat = (m: Menu) => m.items.map((i) => ({ id: i.id, parent_id: i.parent_id }));

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    blueAdmin = (await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost')).access;
  });
  afterAll(() => t.close());

  it('refuses every edit to staff and customers (403)', async () => {
    const m = await menu('customer');
    const item = m.items[0] as Item;
    for (const token of [clerk, customer]) {
      expectError(await add({ menu_id: m.id, title: 'X', route: '/user/fees?x=1' }, token), 403);
      expectError(await put(item.id, { title: 'X' }, token), 403);
      expectError(await del(item.id, token), 403);
      expectError(await order(m.id, flat(m), token), 403);
    }
    expect((await menu('customer')).items).toEqual(m.items);
  });

  it('keeps two levels at most and refuses loops (400)', async () => {
    const m = await menu('customer');
    const [a, b, c] = m.items as [Item, Item, Item];
    expectOk(await put(b.id, { parent_id: a.id }));
    // c under b would be a third level; a under b would be a loop; a (now a parent) cannot get a parent at all.
    expect(expectError(await put(c.id, { parent_id: b.id }), 400).errors?.parent_id).toEqual([
      'That item is itself under another: menus have two levels at most',
    ]);
    expect(expectError(await put(a.id, { parent_id: b.id }), 400).errors?.parent_id).toEqual([
      'That item is a child of this one: the menu would go round in a loop',
    ]);
    expect(expectError(await put(a.id, { parent_id: c.id }), 400).errors?.parent_id).toEqual([
      'This item has children of its own: menus have two levels at most',
    ]);
    expect(
      expectError(
        await add({ menu_id: m.id, title: 'Deep', route: '/user/fees?deep=1', parent_id: b.id }),
        400,
      ).errors?.parent_id,
    ).toEqual(['That item is itself under another: menus have two levels at most']);
    expectOk(await put(b.id, { parent_id: null }));
  });

  it('saves a new order and nesting in one call, audited', async () => {
    const m = await menu('customer');
    const ids = m.items.map((i) => i.id);
    const [first, second, ...rest] = ids as [number, number, ...number[]];
    // Second to the top, first as its child, the rest after.
    const items = [
      { id: second, parent_id: null },
      { id: first, parent_id: second },
      ...rest.map((id) => ({ id, parent_id: null })),
    ];
    const saved = expectOk<Menu>(await order(m.id, items), 200, 'Menu order saved');
    expect(saved.items.map((i) => [i.id, i.parent_id])).toEqual(items.map((i) => [i.id, i.parent_id]));
    expect(saved.items.map((i) => i.sort_order)).toEqual(items.map((_, n) => (n + 1) * 10));
    // The customer's navigation follows.
    const theirs = (await menus(customer))[0] as Menu;
    expect(theirs.items.slice(0, 2).map((i) => [i.id, i.parent_id])).toEqual([
      [second, null],
      [first, second],
    ]);
    const [entry] = await trail(m.id);
    expect(entry?.action).toBe('reordered');
    expect(entry?.note).toContain('→ under');
    const title = (id: number) => m.items.find((i) => i.id === id)?.title;
    expect(entry?.changes.order).toEqual([
      m.items.map((i) => i.title).join(' · '),
      items.map((i) => title(i.id)).join(' · '),
    ]);
    // Back as it was (the other tests of this file use the seed's order).
    expectOk(await order(m.id, flat(m)));
  });

  it('refuses a reorder that is not the whole menu, or nests wrongly (400), and changes nothing', async () => {
    const m = await menu('customer');
    const items = flat(m);
    const err = async (body: { id: number; parent_id: number | null }[]) =>
      expectError(await order(m.id, body), 400).errors;
    expect((await err(items.slice(1)))?.items).toBeTruthy();
    expect((await err([...items, items[0] as { id: number; parent_id: null }]))?.items).toBeTruthy();
    const [a, b, c] = items as [Placement, Placement, Placement];
    const nest = (pairs: [number, number | null][]) =>
      items.map((i) => ({ id: i.id, parent_id: pairs.find(([id]) => id === i.id)?.[1] ?? null }));
    expect(
      (
        await err(
          nest([
            [a.id, b.id],
            [b.id, a.id],
          ]),
        )
      )?.['items.0.parent_id'],
    ).toEqual(['Two items are each other’s parent: the menu would go round in a loop']);
    expect(
      (
        await err(
          nest([
            [b.id, a.id],
            [c.id, b.id],
          ]),
        )
      )?.['items.2.parent_id'],
    ).toEqual(['Menus have two levels at most']);
    expect((await err(nest([[a.id, a.id]])))?.['items.0.parent_id']).toEqual([
      'An item cannot be its own parent',
    ]);
    const admins = await menu('admin');
    expect((await err(nest([[a.id, (admins.items[0] as Item).id]])))?.['items.0.parent_id']).toBeTruthy();
    expect((await menu('customer')).items).toEqual(m.items);
  });

  it("answers another company's menu with 404 on reorder, and a customer with 403", async () => {
    const blue = expectOk<Menu[]>(
      await t.request({ method: 'GET', url: '/v1/menus', token: blueAdmin, host: 'blue.localhost' }),
    )[0] as Menu;
    expectError(await order(blue.id, flat(blue)), 404, 'Menu not found');
    expectError(await put((blue.items[0] as Item).id, { title: 'Hacked' }), 404);
  });

  it('audits add (every field), edit (a diff) and delete; deleting a parent lifts its children', async () => {
    const m = await menu('customer');
    const parent = expectOk<Item>(
      await add({
        menu_id: m.id,
        title: 'Money',
        icon: 'wallet',
        route: '/user/fees?money=1',
        roles: ['customer'],
      }),
      201,
    );
    const child = expectOk<Item>(
      await add({ menu_id: m.id, title: 'Points', route: '/user/points/history?x=1', parent_id: parent.id }),
      201,
    );
    expectOk(await put(parent.id, { title: 'Money matters', roles: ['customer', 'admin'] }));
    const res = await del(parent.id);
    expectOk(res, 200, 'Menu item deleted; 1 child item(s) moved to the top level');
    expect((await menu('customer')).items.find((i) => i.id === child.id)?.parent_id).toBeNull();
    const [deleted, edited, , added] = await trail(m.id);
    expect(added).toMatchObject({ action: 'item added', note: 'Money' });
    expect(added?.changes.route).toEqual([null, '/user/fees?money=1']);
    expect(edited).toMatchObject({ action: 'item edited', note: 'Money matters' });
    expect(edited?.changes).toEqual({
      title: ['Money', 'Money matters'],
      roles: ['customer', 'admin, customer'],
    });
    expect(deleted).toMatchObject({
      action: 'item deleted',
      note: 'Money matters; 1 child item(s) moved to the top level',
    });
    expect(deleted?.actor?.name).toBeTruthy();
    expectOk(await del(child.id));
  });

  it('never lets the last way to /admin/menu go: delete, disable, hide from admins or re-route are 409', async () => {
    const m = await menu('admin');
    const editor = m.items.find((i) => i.route === '/admin/menu') as Item;
    const refused = async (res: Awaited<ReturnType<typeof del>>) =>
      expect(expectError(res, 409).message).toMatch(/reach the menu editor \(\/admin\/menu\)/);
    await refused(await del(editor.id));
    await refused(await put(editor.id, { is_active: false }));
    await refused(await put(editor.id, { roles: ['staff'] }));
    await refused(await put(editor.id, { route: '/admin/packages?x=1' }));
    // Harmless changes still go through.
    expectOk(await put(editor.id, { title: 'Menu editor', roles: ['admin'] }));
    // With a second way in (here from the customer menu), the first may go.
    const c = await menu('customer');
    const second = expectOk<Item>(
      await add({ menu_id: c.id, title: 'Menus', route: '/admin/menu', roles: ['admin'] }),
      201,
    );
    expectOk(await put(editor.id, { is_active: false }));
    await refused(await del(second.id));
    expectOk(await put(editor.id, { is_active: true }));
    expectOk(await del(second.id));
    expect((await menu('admin')).items.find((i) => i.id === editor.id)).toMatchObject({ is_active: true });
  });
});
