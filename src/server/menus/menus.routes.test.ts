import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

type Item = {
  id: number;
  menu_id: number;
  parent_id: number | null;
  title: string;
  icon: string;
  route: string;
  sort_order: number;
  roles: string[];
  is_active: boolean;
};
const NOT_A_PAGE = 'Not a page of the portal: pick one of its screens (a query string may follow)';
type Menu = { id: number; code: string; title: string; items: Item[] };

describe('menus and menu items', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let blueCustomer: string;
  let adminMenus: Menu[];
  let customerMenu: Menu;
  let adminMenu: Menu;
  let blueMenu: Menu;

  const menusOf = async (token: string, host = 'localhost') =>
    expectOk<Menu[]>(await t.request({ method: 'GET', url: '/v1/menus', token, host }));
  const customerRoutes = async () => (await menusOf(customer)).flatMap((m) => m.items.map((i) => i.route));
  const createItem = (payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/v1/menuitems', token, payload });
  const updateItem = (id: number, payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'PUT', url: `/v1/menuitems/${id}`, token, payload });
  const deleteItem = (id: number, token = admin) =>
    t.request({ method: 'DELETE', url: `/v1/menuitems/${id}`, token });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    blueCustomer = (await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost')).access;
    adminMenus = await menusOf(admin);
    customerMenu = adminMenus.find((m) => m.code === 'customer') as Menu;
    adminMenu = adminMenus.find((m) => m.code === 'admin') as Menu;
    blueMenu = (await menusOf(blueCustomer, 'blue.localhost'))[0] as Menu;
  });
  afterAll(() => t.close());

  it('shows a customer only the customer menu: 11 items (Pickup pass among them) under /user, in order', async () => {
    const menus = await menusOf(customer);
    expect(menus.map((m) => m.code)).toEqual(['customer']);
    const items = menus[0]?.items ?? [];
    expect(items).toHaveLength(11);
    expect(items[0]).toMatchObject({ title: 'Dashboard', route: '/user', icon: 'home' });
    expect(items.every((i) => i.route.startsWith('/user'))).toBe(true);
    expect(items.map((i) => i.route)).toContain('/user/packages/pre-alert');
    const orders = items.map((i) => i.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('shows an admin both menus, the admin one with its /admin items', async () => {
    expect(adminMenus.map((m) => m.code)).toEqual(['customer', 'admin']);
    expect(customerMenu.items).toHaveLength(11);
    expect(adminMenu.items.map((i) => i.route)).toEqual([
      '/admin',
      '/admin/receive',
      '/admin/import',
      '/admin/packages',
      '/admin/prealerts',
      '/admin/shipments',
      '/admin/customers',
      '/admin/counter',
      '/admin/invoice/list',
      '/admin/invoice/add',
      '/admin/menu',
      '/admin/settings',
      '/admin/settings/branding',
      '/admin/staff',
      '/admin/rates',
      '/admin/duties',
    ]);
  });

  it('shows staff the back office without the admin-only menu editor', async () => {
    const { access } = await t.login(DEMO.clerk.email, DEMO.clerk.password);
    const menus = await menusOf(access);
    const admin = menus.find((m) => m.code === 'admin');
    expect(admin?.items.map((i) => i.route)).toContain('/admin/receive');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/menu');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/settings');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/settings/branding');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/staff');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/rates');
    expect(admin?.items.map((i) => i.route)).not.toContain('/admin/duties');
  });

  it('lets an unverified user read the menus (navigation works before verification)', async () => {
    const { access } = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    const menus = await menusOf(access);
    expect(menus.map((m) => m.code)).toEqual(['customer']);
    expect(menus[0]?.items).toHaveLength(11);
  });

  it('needs a signed-in caller', async () => {
    expectError(await t.request({ method: 'GET', url: '/v1/menus' }), 401);
    expectError(await t.request({ method: 'GET', url: `/v1/menus/${customerMenu.id}` }), 401);
  });

  it('shows one menu by id; the admin menu is not found for a customer', async () => {
    const res = await t.request({ method: 'GET', url: `/v1/menus/${customerMenu.id}`, token: customer });
    expect(expectOk<Menu>(res)).toMatchObject({ id: customerMenu.id, code: 'customer' });
    expectError(
      await t.request({ method: 'GET', url: `/v1/menus/${adminMenu.id}`, token: customer }),
      404,
      'Menu not found',
    );
    expect(
      expectOk<Menu>(await t.request({ method: 'GET', url: `/v1/menus/${adminMenu.id}`, token: admin })).code,
    ).toBe('admin');
  });

  it("answers another company's menu id with 404, and a bad id with 400", async () => {
    expectError(
      await t.request({ method: 'GET', url: `/v1/menus/${blueMenu.id}`, token: admin }),
      404,
      'Menu not found',
    );
    expectError(await t.request({ method: 'GET', url: '/v1/menus/abc', token: admin }), 400);
  });

  it('lets an admin add an item (201) that customers then see', async () => {
    const res = await createItem({
      menu_id: customerMenu.id,
      title: 'Track a parcel',
      route: '/user/packages/history?status=received',
      sort_order: 5,
    });
    const item = expectOk<Item>(res, 201, 'Menu item added');
    expect(item).toMatchObject({
      menu_id: customerMenu.id,
      parent_id: null,
      title: 'Track a parcel',
      icon: 'circle',
      route: '/user/packages/history?status=received',
      sort_order: 5,
      roles: ['customer', 'staff', 'admin'],
      is_active: true,
    });
    const routes = await customerRoutes();
    expect(routes[0]).toBe('/user/packages/history?status=received'); // sort order 5 puts it first
    // The other company's menus are untouched.
    expect((await menusOf(blueCustomer, 'blue.localhost'))[0]?.items).toHaveLength(11);
  });

  it('hides from customers the items not meant for their role, and inactive ones', async () => {
    const staffOnly = expectOk<Item>(
      await createItem({
        menu_id: customerMenu.id,
        title: 'Staff tools',
        route: '/user/fees?staff=1',
        roles: ['staff', 'admin'],
      }),
      201,
    );
    const hidden = expectOk<Item>(
      await createItem({
        menu_id: customerMenu.id,
        title: 'Soon',
        route: '/user/fees?soon=1',
        is_active: false,
      }),
      201,
    );
    const routes = await customerRoutes();
    expect(routes).not.toContain('/user/fees?staff=1');
    expect(routes).not.toContain('/user/fees?soon=1');
    const forAdmin = (await menusOf(admin)).flatMap((m) => m.items.map((i) => i.id));
    expect(forAdmin).toEqual(expect.arrayContaining([staffOnly.id, hidden.id]));
  });

  it('refuses an invalid route, a duplicate route and an unknown menu with 400', async () => {
    const bad = expectError(
      await createItem({ menu_id: customerMenu.id, title: 'X', route: 'https://evil.test' }),
      400,
    );
    expect(bad.errors?.route).toEqual([NOT_A_PAGE]);
    for (const route of ['/user/nope', '/user/packages/$id', '/login', '/user/fees?', '/user/fees?a=<b>']) {
      expect(
        expectError(await createItem({ menu_id: customerMenu.id, title: 'X', route }), 400).errors?.route,
        route,
      ).toEqual([NOT_A_PAGE]);
    }
    expect(
      expectError(
        await createItem({ menu_id: customerMenu.id, title: 'X', route: '/user/fees?x=1', icon: 'skull' }),
        400,
      ).errors?.icon,
    ).toEqual(['Pick an icon from the list']);
    const dup = expectError(
      await createItem({ menu_id: customerMenu.id, title: 'Again', route: '/user/profile' }),
      400,
    );
    expect(dup.errors?.route).toEqual(['This menu already has an item for this route']);
    const other = expectError(
      await createItem({ menu_id: blueMenu.id, title: 'Sneaky', route: '/user/fees?sneaky=1' }),
      400,
    );
    expect(other.errors?.menu_id).toEqual(['No such menu']);
    expect(
      expectError(await createItem({ title: 'No menu', route: '/user/x' }), 400).errors?.menu_id,
    ).toEqual(['Required']);
  });

  it('refuses item changes to customers (403) and anonymous callers (401)', async () => {
    const item = customerMenu.items[1] as Item;
    expectError(
      await createItem({ menu_id: customerMenu.id, title: 'Mine', route: '/user/fees?mine=1' }, customer),
      403,
    );
    expectError(await updateItem(item.id, { title: 'Hacked' }, customer), 403);
    expectError(await deleteItem(item.id, customer), 403);
    expectError(await t.request({ method: 'DELETE', url: `/v1/menuitems/${item.id}` }), 401);
    expect((await customerRoutes()).includes(item.route)).toBe(true);
  });

  it('updates only the fields sent (200), keeping the others', async () => {
    const item = adminMenu.items[0] as Item;
    const res = await updateItem(item.id, { title: 'Invoices (all)' });
    const saved = expectOk<Item>(res, 200, 'Menu item saved');
    expect(saved).toEqual({ ...item, title: 'Invoices (all)' });
    // An admin-only item stays hidden from customers after a rename.
    expect(await customerRoutes()).not.toContain(item.route);
  });

  it('moves an item under a parent of the same menu, and refuses itself or a foreign parent', async () => {
    const [parent, child] = customerMenu.items.slice(2, 4) as [Item, Item];
    expect(expectOk<Item>(await updateItem(child.id, { parent_id: parent.id })).parent_id).toBe(parent.id);
    expect(
      expectError(await updateItem(child.id, { parent_id: child.id }), 400).errors?.parent_id,
    ).toBeTruthy();
    const foreign = adminMenu.items[1] as Item;
    expect(expectError(await updateItem(child.id, { parent_id: foreign.id }), 400).errors?.parent_id).toEqual(
      ['No such item in this menu'],
    );
  });

  it('refuses a route another item of the menu has with 400', async () => {
    const [a, b] = customerMenu.items.slice(4, 6) as [Item, Item];
    const err = expectError(await updateItem(a.id, { route: b.route }), 400);
    expect(err.errors?.route).toEqual(['This menu already has an item for this route']);
  });

  it("answers another company's item id with 404 (update and delete)", async () => {
    const foreign = blueMenu.items[0] as Item;
    expectError(await updateItem(foreign.id, { title: 'Hacked' }), 404, 'Menu item not found');
    expectError(await deleteItem(foreign.id), 404, 'Menu item not found');
    const blueItems = (await menusOf(blueCustomer, 'blue.localhost'))[0]?.items ?? [];
    expect(blueItems[0]).toEqual(foreign);
  });

  it('deletes an item (200); its children move to the top level; a second delete is 404', async () => {
    const item = expectOk<Item>(
      await createItem({ menu_id: customerMenu.id, title: 'Parent', route: '/user/fees?parent=1' }),
      201,
    );
    const child = expectOk<Item>(
      await createItem({
        menu_id: customerMenu.id,
        title: 'Child',
        route: '/user/fees?child=1',
        parent_id: item.id,
      }),
      201,
    );
    expect(child.parent_id).toBe(item.id);
    expectOk(await deleteItem(item.id), 200, 'Menu item deleted; 1 child item(s) moved to the top level');
    const items = (await menusOf(customer))[0]?.items ?? [];
    expect(items.map((i) => i.route)).not.toContain('/user/fees?parent=1');
    expect(items.find((i) => i.id === child.id)?.parent_id).toBeNull();
    expectError(await deleteItem(item.id), 404, 'Menu item not found');
    expectError(await deleteItem(99_999_999_999), 400);
  });
});
